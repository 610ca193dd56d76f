#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails when one fails: `node scripts/run-parallel.mjs
 * typecheck lint:code lint:format test:unit`. Each script's output is held back and printed whole when it ends
 * (in the order they end), under a header with its time, so the log reads as if they ran one after
 * another. `npm test` uses it for the steps that keep only one core busy each (tsc, eslint) beside
 * the unit tests: on CI's two cores they overlap instead of queueing.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script>…]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      const out = [];
      // FORCE_COLOR: the tools see a pipe, not a terminal; keep their colours for the log
      const child = spawn(npm, ['run', '--silent', name], { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code, signal) => {
        const secs = ((Date.now() - t0) / 1000).toFixed(1);
        const ok = code === 0;
        process.stdout.write(`\n--- npm run ${name}: ${ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs}s ---\n`);
        process.stdout.write(Buffer.concat(out));
        resolve(ok);
      });
    }),
);

const results = await Promise.all(runs);
const failed = names.filter((_, i) => !results[i]);
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length) {
  console.error(`\nrun-parallel: failed: ${failed.join(', ')} (${total}s)`);
  process.exit(1);
}
console.log(`\nrun-parallel: ${names.join(', ')} ok in ${total}s`);
