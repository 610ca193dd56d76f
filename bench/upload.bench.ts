/**
 * The upload engine's figures, all measured in this run against baselines of the same run:
 * - throughput of the engine (Node transport, one file of BENCH_UPLOAD_MB, default 1024) into the
 *   OSS sandbox, against `curl -T` of the same file to the same sandbox (a presigned PUT): at the
 *   SDK defaults (1 MB parts, 5 parallel) and at the engine's best settings;
 * - the cost of CRC64 (the default run against the same run with CRC off);
 * - peak memory of the engine's process during an upload (RSS above the idle process);
 * - in Chromium (when a build and /usr/bin/chromium exist), for each size in BENCH_BROWSER_MB
 *   (default 256,1024): MB/s through the upload center, main-thread long tasks (and when they
 *   began), the main thread's JS heap and the tab's memory (renderer RSS), flat in the file's size;
 *   the 1 GiB run against the engine's adaptive run in Node on the same file size;
 * - CRC64 alone: MB/s of hash-wasm against plain JS slicing-by-8, and the cost of the combine.
 * The server runs in a child process (its own event loop), as in production. Each configuration
 * runs BENCH_ROUNDS times (default 2), interleaved; the fastest run of each counts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import OSS from 'ali-oss';
import type { CDPSession } from 'playwright-core';
import { httpDate, ossAuthorization, ossCanonicalResource } from '../src/workers/upload/sign';
import { UploadEngine } from '../src/workers/upload/engine';
import { MemoryCheckpointStore } from '../src/workers/upload/checkpoint-store';
import { NodeTransport } from '../src/workers/upload/testing/node-transport';
import { nodeFile } from '../src/workers/upload/testing/node-file';
import { CONSOLE_OPTIONS, type Clock, type Credentials, type EngineEvent, type UploadOptions } from '../src/workers/upload/types';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const PORT = Number(process.env.BENCH_UPLOAD_PORT ?? 8923);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA = '/tmp/upl-bench-data';
const FILE = `/tmp/upl-bench-${SIZE / MB}m.mp4`;
const MOBILE = '13800000001';
/** each configuration runs this many times, interleaved; the best run counts (shared, noisy machines) */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));

function makeFile(p: string, size: number) {
  if (existsSync(p) && statSync(p).size === size) return;
  const fd = openSync(p, 'w');
  const chunk = Buffer.alloc(8 * MB);
  for (let off = 0; off < size; off += chunk.length) {
    for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    writeSync(fd, chunk, 0, Math.min(chunk.length, size - off));
  }
  closeSync(fd);
}

async function startServer(): Promise<ChildProcess> {
  rmSync(DATA, { recursive: true, force: true });
  // BENCH_SERVER_PROF=<dir>: the server's CPU profile (node --cpu-prof) lands there at its exit
  const prof = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/server/main.ts'], {
    // the runs' objects stay in the user's quota (only their bytes are dropped between runs): 1 TB
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: DATA,
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
      NODE_ENV: 'development',
      UPLOAD_QUOTA_BYTES: String(2 ** 40),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      if ((await fetch(`${BASE}/sandbox/oss/stats`)).ok) return child;
    } catch {
      // not yet
    }
  }
  child.kill();
  throw new Error('服务未能启动');
}

async function login(): Promise<string> {
  const form = (o: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(o).toString(),
  });
  await fetch(`${BASE}/ent/v3/login/code`, form({ mobile: MOBILE }));
  const { code } = (await (await fetch(`${BASE}/sandbox/sms?mobile=${MOBILE}`)).json()) as { code: string };
  const r = (await (await fetch(`${BASE}/ent/v3/login`, form({ mobile: MOBILE, code }))).json()) as { data: { token: string } };
  return r.data.token;
}

async function sts(token: string): Promise<Credentials> {
  const r = (await (await fetch(`${BASE}/ent/v3/upload/sts`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Credentials };
  return r.data;
}

const clock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

interface Run {
  mbps: number;
  seconds: number;
  /** the client process's CPU time during the run (user + system) */
  cpuSeconds?: number;
  peakRssMb?: number;
  chosen?: string;
}

/**
 * Drops the stored objects after a run, and lets the disk catch up (sync): a run otherwise pays
 * for the write-back of the runs before it (the second round was up to a third slower).
 */
function clearObjects() {
  rmSync(path.join(DATA, 'oss', 'objects'), { recursive: true, force: true });
  spawnSync('mkdir', ['-p', path.join(DATA, 'oss', 'objects')]);
  spawnSync('sync');
}

async function engineRun(token: string, options: Partial<UploadOptions>): Promise<Run> {
  // read with fs, as ali-oss reads (Node's file-backed Blob costs five times the CPU: node-file.ts)
  const { file: blob, close } = await nodeFile(FILE);
  const engine = new UploadEngine(
    { transport: new NodeTransport(), clock, store: new MemoryCheckpointStore(), credentials: { getSts: () => sts(token) } },
    { vodEndpoint: `${BASE}/sandbox/vod`, ...options },
  );
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const id = await engine.addFile(blob, path.basename(FILE), Date.now() + Math.random(), { kind: 'video' });
  let chosen = '';
  const done = new Promise<void>((resolve, reject) => {
    engine.subscribe((e: EngineEvent) => {
      if (e.type === 'item' && e.item.id === id && e.item.partSize) chosen = `${+(e.item.partSize / MB).toFixed(2)} MB × ${e.item.parallel}`;
      if (e.type === 'item' && e.item.id === id && e.item.state === 'Success') resolve();
      if (e.type === 'item' && e.item.id === id && e.item.state === 'Failure') reject(new Error(`${e.item.error?.code} ${e.item.error?.message}`));
    });
  });
  engine.start();
  await done;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  await close();
  clearObjects();
  return {
    mbps: +(SIZE / MB / seconds).toFixed(1),
    seconds: +seconds.toFixed(2),
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    peakRssMb: +((peak - idle) / MB).toFixed(1),
    chosen,
  };
}

/** (b) the official ali-oss client's multipartUpload of the same file, same part size and parallelism. */
async function aliOssRun(token: string, partSize: number, parallel: number): Promise<Run> {
  const { vodCreate } = await import('./upload.vod');
  const { auth, address } = await vodCreate(BASE, await sts(token), path.basename(FILE), SIZE);
  const client = new OSS({
    accessKeyId: auth.AccessKeyId,
    accessKeySecret: auth.AccessKeySecret,
    stsToken: auth.SecurityToken,
    bucket: address.Bucket,
    endpoint: BASE,
    sldEnable: true,
    secure: false,
    timeout: 600_000,
  } as OSS.Options & { sldEnable: boolean });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await client.multipartUpload(address.FileName, FILE, { partSize, parallel });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearObjects();
  return { mbps: +(SIZE / MB / seconds).toFixed(1), seconds: +seconds.toFixed(2), cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2) };
}

/**
 * (c) the server's multipart ceiling: a bare client with every part already read into memory,
 * keep-alive sockets, a V1 signature per request and nothing else (no CRC, no checkpoints, no
 * progress). Initiate and Complete are inside the timing, as for the others.
 */
async function bareRun(token: string, partSize: number, parallel: number): Promise<Run> {
  const { vodCreate } = await import('./upload.vod');
  const { auth, address } = await vodCreate(BASE, await sts(token), path.basename(FILE), SIZE);
  const fd = openSync(FILE, 'r');
  const parts: Buffer[] = [];
  for (let off = 0; off < SIZE; off += partSize) {
    const b = Buffer.allocUnsafe(Math.min(partSize, SIZE - off));
    readSync(fd, b, 0, b.length, off);
    parts.push(b);
  }
  closeSync(fd);
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const key = encodeURIComponent(address.FileName).replace(/%2F/g, '/');
  const send = async (method: 'PUT' | 'POST', query: Record<string, string | null>, body: Buffer | string) => {
    const headers: Record<string, string> = { 'x-oss-date': httpDate(Date.now()), 'x-oss-security-token': auth.SecurityToken };
    if (method === 'POST') headers['content-type'] = 'application/xml';
    headers.authorization = await ossAuthorization(
      auth.AccessKeyId,
      auth.AccessKeySecret,
      method,
      headers,
      ossCanonicalResource(address.Bucket, address.FileName, query),
    );
    const qs = Object.entries(query)
      .map(([k, v]) => (v === null ? k : `${k}=${encodeURIComponent(v)}`))
      .join('&');
    return new Promise<{ status: number; etag: string; text: string }>((resolve, reject) => {
      const r = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          path: `/${address.Bucket}/${key}?${qs}`,
          method,
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), text }));
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const init = await send('POST', { uploads: null }, '');
  const uploadId = /<UploadId>([^<]+)</.exec(init.text)?.[1] ?? '';
  const etags: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < parts.length) {
        const i = next++;
        const r = await send('PUT', { partNumber: String(i + 1), uploadId }, parts[i]!);
        if (r.status !== 200) throw new Error(`bare UploadPart: HTTP ${r.status}`);
        etags[i] = r.etag;
      }
    }),
  );
  const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
  const done = await send('POST', { uploadId }, xml);
  if (done.status !== 200) throw new Error(`bare Complete: HTTP ${done.status}`);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  clearObjects();
  return { mbps: +(SIZE / MB / seconds).toFixed(1), seconds: +seconds.toFixed(2), cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2) };
}

/** `curl -T` the same file with a presigned PUT of a fresh upload auth. */
async function curlRun(token: string): Promise<{ mbps: number; seconds: number }> {
  const c = await sts(token);
  const { vodCreate } = await import('./upload.vod');
  const { auth, address } = await vodCreate(BASE, c, path.basename(FILE), SIZE);
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const resource = `/${address.Bucket}/${address.FileName}?security-token=${auth.SecurityToken}`;
  const sig = createHmac('sha1', auth.AccessKeySecret)
    .update(['PUT', '', '', String(expires), resource].join('\n'))
    .digest('base64');
  const q = new URLSearchParams({ OSSAccessKeyId: auth.AccessKeyId, Expires: String(expires), Signature: sig, 'security-token': auth.SecurityToken });
  const url = `${BASE}/${address.Bucket}/${address.FileName}?${q}`;
  const t0 = performance.now();
  const r = spawnSync('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Content-Type:', '-H', 'Expect:', '-T', FILE, url], { encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  if (r.stdout.trim() !== '200') throw new Error(`curl: HTTP ${r.stdout} ${r.stderr}`);
  clearObjects();
  return { mbps: +(SIZE / MB / seconds).toFixed(1), seconds: +seconds.toFixed(2) };
}

/** RSS of a process (kB in /proc → MB); 0 when gone. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * A worker's CPU profile through the browser's CDP session (attached, not flattened: Playwright's
 * sessions cannot route a child session's messages, so they go through Target.sendMessageToTarget).
 */
async function workerProfiler(bcdp: CDPSession) {
  const { targetInfos } = (await bcdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; title: string }[] };
  const w = targetInfos.find((t) => t.type === 'worker');
  if (!w) return null;
  const { sessionId } = (await bcdp.send('Target.attachToTarget', { targetId: w.targetId, flatten: false })) as { sessionId: string };
  let id = 0;
  const waiting = new Map<number, (r: unknown) => void>();
  bcdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id && waiting.has(m.id)) waiting.get(m.id)!(m.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const i = ++id;
      waiting.set(i, resolve);
      void bcdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method, params }) });
    });
  await send('Profiler.enable');
  await send('Profiler.start');
  return { stop: async () => ((await send('Profiler.stop')) as { profile: unknown }).profile };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The renderer main threads' top-level tasks of a trace: wall and thread CPU time (ms). */
function mainThreadTasks(events: TraceEvent[]): { wallMs: number; cpuMs: number }[] {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`) && e.dur !== undefined)
    .map((e) => ({ wallMs: +((e.dur ?? 0) / 1000).toFixed(1), cpuMs: +((e.tdur ?? 0) / 1000).toFixed(1) }));
}

/**
 * The upload center in Chromium, one file of `size` bytes: MB/s, main-thread long tasks, the
 * main thread's JS heap and the tab's memory (the renderer processes' RSS: page and worker)
 * sampled every 250 ms. BENCH_BROWSER_PROF=<dir>: CPU profiles of the main thread and the worker.
 */
/** The newest modification time (ms) of a file under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

async function browserRun(token: string, size: number) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(chrome) || !existsSync(path.join(dist, 'index.html'))) return { skipped: 'no chromium or no build' };
  // a console built before the code it should measure measures old code (session 7 measured a
  // dist/ five hours old: 10 MB/s and the tab's memory growing with the file)
  if (statSync(path.join(dist, 'index.html')).mtimeMs < Math.max(newestUnder('src/app'), newestUnder('src/workers'))) {
    return { skipped: `${dist}/ is older than src/app or src/workers: run npm run build first` };
  }
  const file = `/tmp/upl-bench-browser-${size / MB}m.mp4`;
  makeFile(file, size);
  const { chromium } = await import('playwright-core');
  const { CHROME_ARGS } = await import('../tests/e2e/harness');
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_ARGS });
  try {
    const context = await browser.newContext({ baseURL: BASE, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: BASE }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __long: [number, number][] };
      w.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/index');
    await page.getByTestId('upload-center-button').click();
    await page.getByTestId('upload-drawer').waitFor();
    // as a user's console: its service worker installed (a first visit precaches the app, once)
    // and the drawer open a moment before a file is picked (a picker takes longer than this)
    await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]));
    await page.waitForTimeout(1000);
    const cdp = await context.newCDPSession(page);
    const bcdp = await browser.newBrowserCDPSession();
    await cdp.send('Performance.enable');
    const { processInfo } = (await bcdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    const tabMb = () => renderers.reduce((n, pid) => n + rssMb(pid), 0);
    const prof = process.env.BENCH_BROWSER_PROF;
    if (prof) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const before = await page.evaluate(() => (window as unknown as { __long: unknown[] }).__long.length);
    const pageT0 = await page.evaluate(() => performance.now());
    const tabIdle = tabMb();
    // A trace of the whole upload and the second after it: the page's main-thread tasks with their
    // wall time and their own CPU time (a task's wall time on a loaded machine includes the time
    // the OS ran other processes instead). BENCH_BROWSER_TRACE=<dir>: the devtools timeline too
    // (what each task did), written there.
    const trace = process.env.BENCH_BROWSER_TRACE;
    const traceEvents: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void traceEvents.push(...(e.value as unknown as TraceEvent[])));
    const traceDone = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    const categories = `devtools.timeline,disabled-by-default-devtools.timeline${trace ? ',v8.execute,blink.user_timing' : ''}`;
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
    const t0 = performance.now();
    await page.getByTestId('upload-input-video').setInputFiles(file);
    let heapPeak = 0;
    let tabPeak = tabIdle;
    let workerProf: Awaited<ReturnType<typeof workerProfiler>> = null;
    let chosen = '';
    for (;;) {
      const m = (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? 0;
      heapPeak = Math.max(heapPeak, m);
      tabPeak = Math.max(tabPeak, tabMb());
      if (prof && !workerProf) workerProf = await workerProfiler(bcdp).catch(() => null);
      const state = await page.locator('[data-testid="upload-item"]').first().getAttribute('data-state');
      if (state === 'Success') break;
      // the tuner's settings as the panel shows them (part size × parts in flight), the last seen
      chosen =
        (await page
          .getByTestId('upload-tuning')
          .first()
          .textContent({ timeout: 50 })
          .catch(() => null)) ?? chosen;
      if (state === 'Failure') throw new Error('browser upload failed');
      await page.waitForTimeout(250);
    }
    const seconds = (performance.now() - t0) / 1000;
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await traceDone;
    const tasks = mainThreadTasks(traceEvents);
    if (trace) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(trace, { recursive: true });
      writeFileSync(path.join(trace, `trace-${size / MB}m-${Date.now()}.json`), JSON.stringify({ traceEvents }));
    }
    if (prof) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(prof, { recursive: true });
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(prof, `main-${size / MB}m-${Date.now()}.cpuprofile`), JSON.stringify(profile));
      if (workerProf) writeFileSync(path.join(prof, `worker-${size / MB}m-${Date.now()}.cpuprofile`), JSON.stringify(await workerProf.stop()));
    }
    const longAt = (await page.evaluate(() => (window as unknown as { __long: [number, number][] }).__long)).slice(before);
    const long = longAt.map(([, d]) => d);
    clearObjects();
    return {
      size_mb: size / MB,
      mbps: +(size / MB / seconds).toFixed(1),
      seconds: +seconds.toFixed(2),
      chosen,
      long_tasks: long.length,
      long_task_ms_total: Math.round(long.reduce((a, b) => a + b, 0)),
      long_task_ms_max: Math.round(Math.max(0, ...long)),
      // when each began (seconds after the file was given to the page) and how long it took (ms)
      long_task_at: longAt.map(([t, d]) => `${((t - pageT0) / 1000).toFixed(2)} s: ${Math.round(d)} ms`),
      // the same from the trace: main-thread tasks over 50 ms of wall time, each with the CPU time
      // the thread itself spent in it (the rest: the thread waited for a core), and how many tasks
      // took over 50 ms of the thread's own CPU (work the page did, whatever the machine's load)
      trace_tasks_over_50ms: tasks.filter((t) => t.wallMs > 50).map((t) => `${t.wallMs} ms wall, ${t.cpuMs} ms CPU`),
      trace_tasks_over_50ms_cpu: tasks.filter((t) => t.cpuMs > 50).length,
      main_thread_cpu_ms: Math.round(tasks.reduce((a, t) => a + t.cpuMs, 0)),
      main_thread_max_task_cpu_ms: Math.max(0, ...tasks.map((t) => t.cpuMs)),
      main_heap_peak_mb: +(heapPeak / MB).toFixed(1),
      tab_rss_idle_mb: +tabIdle.toFixed(1),
      tab_rss_peak_mb: +tabPeak.toFixed(1),
    };
  } finally {
    await browser.close();
  }
}

/** The Chromium runs at each BENCH_BROWSER_MB size (default 256 and 1024), and their memory compared. */
async function browserRuns(token: string) {
  const sizes = (process.env.BENCH_BROWSER_MB ?? '256,1024')
    .split(',')
    .map((x) => Number(x) * MB)
    .filter((x) => x > 0);
  const runs = [];
  for (const size of sizes) runs.push(await browserRun(token, size).catch((e: unknown) => ({ size_mb: size / MB, error: (e as Error).message })));
  const ok = runs.filter((r): r is Extract<typeof r, { tab_rss_peak_mb: number }> => 'tab_rss_peak_mb' in r);
  const growth = (r: (typeof ok)[number]) => r.tab_rss_peak_mb - r.tab_rss_idle_mb;
  const small = ok[0];
  const large = ok.length > 1 ? ok[ok.length - 1] : undefined;
  return {
    runs,
    // the tab's peak memory at the largest size over the smallest (goal: ≤ 1.2, flat in the file's size)
    tab_memory_large_vs_small: small && large ? +(large.tab_rss_peak_mb / small.tab_rss_peak_mb).toFixed(3) : null,
    tab_memory_growth_mb: ok.map((r) => ({ size_mb: r.size_mb, mb: +growth(r).toFixed(1) })),
  };
}

/**
 * CRC64 alone, in this process: MB/s of the engine's CRC64 (hash-wasm, slicing-by-8 in wasm with
 * native 64-bit integers; the same code runs in the browser's worker) against plain JavaScript
 * slicing-by-8 over 32-bit halves (bench/lib/crc64-js.ts), on 1 MB parts; and the cost of
 * combining 1024 part CRCs at Complete (the whole object's CRC without reading it again).
 */
async function crcSpeed() {
  const { crcOfBytes, crc64OfParts } = await import('../src/workers/upload/crc64');
  const { crc64Js } = await import('./lib/crc64-js');
  const buf = new Uint8Array(64 * MB);
  for (let i = 0; i < buf.length; i += 4096) buf[i] = i & 0xff;
  const rate = async (f: (b: Uint8Array) => unknown) => {
    let best = 0;
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      for (let off = 0; off < buf.length; off += MB) await f(buf.subarray(off, off + MB));
      best = Math.max(best, buf.length / MB / ((performance.now() - t0) / 1000));
    }
    return +best.toFixed(0);
  };
  const wasm = await rate(crcOfBytes);
  const js = await rate(crc64Js);
  const parts = Array.from({ length: 1024 }, (_, i) => ({ crc64: String(BigInt(i) * 7919n), size: i === 1023 ? 12345 : MB }));
  const t0 = performance.now();
  crc64OfParts(parts);
  return { crc64_wasm_mbps: wasm, crc64_js_slicing8_mbps: js, crc64_combine_1024_parts_ms: +(performance.now() - t0).toFixed(1) };
}

const load = () => loadavg().map((x) => +x.toFixed(2));

export default async function uploadBench() {
  makeFile(FILE, SIZE);
  const server = await startServer();
  try {
    const token = await login();
    const loadStart = load();
    // the engine's best fixed settings (what the adaptive tuner settles at on this machine): a sweep
    // (BENCH_UPLOAD_SWEEP=8x4,16x4,16x6,32x4, session 8) gave 155, 178, 179, 181 MB/s; ali-oss and the
    // ceiling run at the same. BENCH_UPLOAD_BEST=<MB>x<parallel> to try others.
    const [bestMb, bestParallel] = (process.env.BENCH_UPLOAD_BEST ?? '16x4').split('x').map(Number) as [number, number];
    const BEST = { partSize: bestMb * MB, parallel: bestParallel };
    const bestLabel = `${bestMb} MB parts × ${bestParallel} parallel`;
    const runs: Record<'curl' | 'defaults' | 'noCrc' | 'best' | 'bestNoCrc' | 'adaptive' | 'aliDefaults' | 'aliBest' | 'bare', Run[]> = {
      curl: [],
      defaults: [],
      noCrc: [],
      best: [],
      bestNoCrc: [],
      adaptive: [],
      aliDefaults: [],
      aliBest: [],
      bare: [],
    };
    const plan: [keyof typeof runs, () => Promise<Run>][] = [
      ['curl', () => curlRun(token)],
      ['bare', () => bareRun(token, BEST.partSize, BEST.parallel)],
      ['aliDefaults', () => aliOssRun(token, MB, 5)],
      ['defaults', () => engineRun(token, {})],
      ['noCrc', () => engineRun(token, { crc: false })],
      ['aliBest', () => aliOssRun(token, BEST.partSize, BEST.parallel)],
      ['best', () => engineRun(token, BEST)],
      // ali-oss 6.x has no CRC64 check: the engine without it is the same work
      ['bestNoCrc', () => engineRun(token, { ...BEST, crc: false })],
      ['adaptive', () => engineRun(token, CONSOLE_OPTIONS)],
    ];
    // BENCH_UPLOAD_SWEEP=8x4,16x4: the engine at those fixed settings too (reported under `sweep`)
    const sweep = (process.env.BENCH_UPLOAD_SWEEP ?? '').split(',').filter(Boolean);
    const sweepRuns: Record<string, Run[]> = {};
    for (const c of sweep) {
      const [mb, n] = c.split('x').map(Number) as [number, number];
      sweepRuns[c] = [];
      plan.push([c as keyof typeof runs, () => engineRun(token, { partSize: mb * MB, parallel: n })]);
    }
    // BENCH_UPLOAD_ONLY=defaults,adaptive: only those (profiling); the ratios then need the rest
    const only = (process.env.BENCH_UPLOAD_ONLY ?? '').split(',').filter(Boolean);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, run] of plan) if (!only.length || only.includes(k)) (runs[k] ?? sweepRuns[k]!).push(await run());
    }
    if (only.length) {
      const out: Record<string, unknown> = Object.fromEntries(Object.entries({ ...runs, ...sweepRuns }).filter(([, v]) => v.length));
      if (only.includes('crc')) out.crc = await crcSpeed();
      if (only.includes('browser')) out.browser = await browserRuns(token);
      return { load_start: loadStart, load_end: load(), ...out };
    }
    const top = (k: keyof typeof runs) => runs[k].reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const [curl, defaults, noCrc, best, bestNoCrc, adaptive, aliDefaults, aliBest, bare] = (
      ['curl', 'defaults', 'noCrc', 'best', 'bestNoCrc', 'adaptive', 'aliDefaults', 'aliBest', 'bare'] as const
    ).map(top) as Run[] as [Run, Run, Run, Run, Run, Run, Run, Run, Run];
    // the client's CPU time per MB (ms), the lowest of the rounds
    const cpuPerMb = (k: keyof typeof runs) => +((Math.min(...runs[k].map((r) => r.cpuSeconds ?? Infinity)) * 1000) / (SIZE / MB)).toFixed(2);
    const ratio = (a: Run, b: Run) => +(a.mbps / b.mbps).toFixed(3);
    const peak = Math.max(...[...runs.defaults, ...runs.best, ...runs.adaptive].map((r) => r.peakRssMb ?? 0));
    const crc = await crcSpeed();
    const browser = await browserRuns(token).catch((e: unknown) => ({ error: (e as Error).message, runs: [] }));
    const sameSize = browser.runs.find((r) => r.size_mb === SIZE / MB && 'mbps' in r) as { mbps: number } | undefined;
    return {
      machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB`,
      load_start: loadStart,
      size_mb: SIZE / MB,
      curl_mbps: curl.mbps,
      ceiling_bare_multipart_mbps: bare.mbps,
      ceiling_settings: `${bestLabel}, parts pre-read, keep-alive`,
      ali_oss_default_mbps: aliDefaults.mbps,
      ali_oss_best_mbps: aliBest.mbps,
      engine_default_mbps: defaults.mbps,
      engine_default_vs_ali_oss: ratio(defaults, aliDefaults),
      engine_default_vs_curl: ratio(defaults, curl),
      engine_best_settings: bestLabel,
      engine_best_mbps: best.mbps,
      engine_best_vs_ali_oss: ratio(best, aliBest),
      engine_best_vs_curl: ratio(best, curl),
      engine_best_no_crc_mbps: bestNoCrc.mbps,
      // equal work: ali-oss computes no CRC64 (6.x has no such option)
      engine_default_no_crc_vs_ali_oss: ratio(noCrc, aliDefaults),
      engine_best_no_crc_vs_ali_oss: ratio(bestNoCrc, aliBest),
      // the client's CPU per MB (ms) at the same settings: what throughput costs on a busy machine
      cpu_ms_per_mb: {
        ali_oss_1mb_x5: cpuPerMb('aliDefaults'),
        engine_1mb_x5: cpuPerMb('defaults'),
        engine_1mb_x5_no_crc: cpuPerMb('noCrc'),
        ali_oss_best: cpuPerMb('aliBest'),
        engine_best: cpuPerMb('best'),
        engine_best_no_crc: cpuPerMb('bestNoCrc'),
        bare_best: cpuPerMb('bare'),
      },
      engine_adaptive_mbps: adaptive.mbps,
      engine_adaptive_final_settings: adaptive.chosen,
      engine_adaptive_vs_ceiling: ratio(adaptive, bare),
      engine_adaptive_vs_curl: ratio(adaptive, curl),
      engine_no_crc_mbps: noCrc.mbps,
      // wall time with CRC over without (noisy on a shared machine: the client competes with the server for 2 cores)
      crc_cost_ratio: +(noCrc.seconds > 0 ? defaults.seconds / noCrc.seconds - 1 : 0).toFixed(3),
      // the client's CPU time with CRC over without (what CRC adds to the engine's own work)
      crc_cost_client_cpu_ratio: +(noCrc.cpuSeconds ? (defaults.cpuSeconds ?? 0) / noCrc.cpuSeconds - 1 : 0).toFixed(3),
      // the time hashing the file takes at the measured CRC64 speed, over the default run's wall time
      crc_share_of_default_run: +(SIZE / MB / crc.crc64_wasm_mbps / defaults.seconds).toFixed(3),
      engine_default_cpu_s: defaults.cpuSeconds,
      engine_no_crc_cpu_s: noCrc.cpuSeconds,
      ...crc,
      engine_peak_rss_mb: peak,
      engine_default_peak_rss_mb: defaults.peakRssMb ?? 0,
      rounds: ROUNDS,
      ...(sweep.length ? { sweep: Object.fromEntries(sweep.map((c) => [c, Math.max(...sweepRuns[c]!.map((r) => r.mbps))])) } : {}),
      browser,
      // Chromium (the upload center, adaptive) over the engine in Node (adaptive) on the same file size
      chromium_vs_node_adaptive: sameSize ? +(sameSize.mbps / adaptive.mbps).toFixed(3) : null,
      load_end: load(),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(DATA, { recursive: true, force: true });
  }
}
