/**
 * A TCP proxy that can freeze (issue 25 item 3): what a frozen or partitioned database looks like
 * to a server. While paused, nothing is read from either side of any connection and new
 * connections are accepted (the kernel completes the handshake) but not carried upstream; resume
 * carries on where it stopped. Used by the outage test and `npm run bench -- ops`.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface PauseProxy {
  port: number;
  /** connections accepted so far, and how many of them a pause held */
  readonly accepted: number;
  readonly held: number;
  /** the connection string `url` rewritten to go through the proxy */
  through(url: string): string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function pauseProxy(target: { host: string; port: number }): Promise<PauseProxy> {
  let paused = false;
  let accepted = 0;
  let held = 0;
  const live = new Set<Socket>();
  const waiting: Socket[] = [];
  const bridge = (client: Socket) => {
    const up = connect(target.port, target.host);
    live.add(up);
    for (const [a, b] of [
      [client, up],
      [up, client],
    ] as const) {
      a.on('data', (d) => b.write(d));
      a.on('end', () => b.end());
      a.on('error', () => b.destroy());
      a.on('close', () => {
        live.delete(a);
        b.destroy();
      });
    }
    if (paused) up.pause();
  };
  const server = createServer((client) => {
    accepted++;
    live.add(client);
    client.on('error', () => undefined);
    if (paused) {
      held++;
      client.pause();
      waiting.push(client);
    } else bridge(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    get accepted() {
      return accepted;
    },
    get held() {
      return held;
    },
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    pause() {
      paused = true;
      for (const s of live) s.pause();
    },
    resume() {
      paused = false;
      for (const s of live) s.resume();
      for (const c of waiting.splice(0)) {
        c.resume();
        bridge(c);
      }
    },
    async close() {
      for (const s of live) s.destroy();
      for (const s of waiting) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
