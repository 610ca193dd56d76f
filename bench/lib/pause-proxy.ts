/**
 * A TCP proxy that can freeze (the operations bench's "database paused"): what a frozen database
 * server or a network partition looks like from the application. While paused it reads nothing
 * from either side of any connection (bytes stay in the kernel's buffers, nothing is answered,
 * nothing is closed) and holds new connections without connecting upstream (the client's TCP
 * handshake with the proxy succeeds, then silence). resume() carries on where it stopped: held
 * connections are connected upstream, bytes flow again. Closes nothing by itself; a side that
 * closes or breaks ends its pair.
 */
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

export class PauseProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<Pair>();
  private held: Pair[] = [];
  private frozen = false;
  /** connections accepted, and how many of them were held by a pause */
  accepted = 0;
  heldTotal = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Listens on 127.0.0.1 (a free port); answers the port. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port));
    });
  }

  get paused() {
    return this.frozen;
  }

  /** Stops reading from every connection and holds new ones. */
  pause(): void {
    this.frozen = true;
    for (const p of this.pairs) {
      p.client.pause();
      p.upstream?.pause();
    }
  }

  /** Carries on: held connections go upstream, every connection reads again. */
  resume(): void {
    this.frozen = false;
    const held = this.held;
    this.held = [];
    for (const p of held) if (!p.client.destroyed) this.connect(p);
    for (const p of this.pairs) {
      if (!p.client.destroyed) p.client.resume();
      if (p.upstream && !p.upstream.destroyed) p.upstream.resume();
    }
  }

  async close(): Promise<void> {
    for (const p of this.pairs) this.end(p);
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private accept(client: net.Socket) {
    this.accepted++;
    const p: Pair = { client, upstream: null };
    this.pairs.add(p);
    client.setNoDelay(true);
    client.on('error', () => this.end(p));
    client.on('close', () => this.end(p));
    if (this.frozen) {
      this.heldTotal++;
      client.pause();
      this.held.push(p);
      return;
    }
    this.connect(p);
  }

  private connect(p: Pair) {
    const up = net.connect(this.targetPort, this.targetHost);
    p.upstream = up;
    up.setNoDelay(true);
    up.on('error', () => this.end(p));
    up.on('close', () => this.end(p));
    this.forward(p.client, up);
    this.forward(up, p.client);
    if (this.frozen) {
      p.client.pause();
      up.pause();
    }
  }

  /** from → to by hand (not pipe(): pipe resumes its source on 'drain', which would undo a pause). */
  private forward(from: net.Socket, to: net.Socket) {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => {
          if (!this.frozen && !from.destroyed) from.resume();
        });
      }
    });
    from.on('end', () => to.end());
  }

  private end(p: Pair) {
    if (!this.pairs.delete(p)) return;
    p.client.destroy();
    p.upstream?.destroy();
  }
}
