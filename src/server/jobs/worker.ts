/**
 * One queue's worker loop (issue 25 item 2), on pg-boss's fetch/complete/fail rather than its
 * `work()`: pg-boss 10's worker sleeps its polling interval after every fetch, busy or not (one job
 * per 2 s per server with batchSize 1), and completes jobs without awaiting the call (a database
 * that is down then throws an unhandled rejection). Here a fetch takes up to `batchSize` jobs, runs
 * them `concurrency` at a time, completes or fails each one (awaited, errors logged), and fetches
 * again at once while the queue keeps handing out full batches; it sleeps only when the queue is
 * empty, and a local send (`nudge`) wakes it.
 */
import type PgBoss from 'pg-boss';

export interface LoopOptions {
  batchSize: number;
  concurrency: number;
  pollingMs: number;
  /** a job taking longer than this is failed here (retried later); its work is not awaited further */
  expireMs: number;
  run(job: PgBoss.Job<object>): Promise<void>;
  onError(err: unknown, what: string, job?: PgBoss.Job<object>): void;
}

const errorData = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

export class QueueLoop {
  private stopping = false;
  private wake: (() => void) | null = null;
  /** a send arrived while the loop was busy: look again before sleeping */
  private nudged = false;
  private done: Promise<void> | null = null;
  /** jobs being worked here now */
  active = 0;

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly o: LoopOptions,
  ) {}

  start(): void {
    this.done ??= this.loop();
  }

  /** A job was just sent from this process: look now instead of after the polling interval. */
  nudge(): void {
    if (this.wake) this.wake();
    else this.nudged = true;
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.nudge();
    if (!this.done) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.done, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let got = 0;
      try {
        const jobs = await this.boss.fetch<object>(this.name, { batchSize: this.o.batchSize });
        got = jobs?.length ?? 0;
        if (got) await this.runAll(jobs!);
      } catch (err) {
        this.o.onError(err, 'fetch');
      }
      // a full batch: there may be more, fetch again at once (so too after a send while busy)
      if (got === this.o.batchSize || this.stopping || this.nudged) {
        this.nudged = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.pollingMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async runAll(jobs: PgBoss.Job<object>[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await this.runOne(job);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, jobs.length) }, lane));
  }

  private async runOne(job: PgBoss.Job<object>): Promise<void> {
    this.active++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`job took over ${this.o.expireMs} ms`)), this.o.expireMs);
      });
      await Promise.race([this.o.run(job), expired]);
      await this.boss.complete(this.name, job.id).catch((err: unknown) => this.o.onError(err, 'complete', job));
    } catch (err) {
      this.o.onError(err, 'run', job);
      // a fail that cannot be recorded now is recorded by pg-boss's expiry of the active job
      await this.boss.fail(this.name, job.id, errorData(err)).catch((e: unknown) => this.o.onError(e, 'fail', job));
    } finally {
      clearTimeout(timer);
      this.active--;
    }
  }
}
