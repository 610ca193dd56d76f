/**
 * `npm run bench`: every `bench/*.bench.ts` module (default export: an async function answering a
 * figures object), each measured against a baseline in the same run — these machines are shared
 * and noisy, so compare ratios, not absolute numbers. `npm run bench -- api` runs only `api`.
 * The last line printed is one JSON object keyed by module name.
 * A module whose figures carry a non-empty `failed: string[]` (a byte budget exceeded: bytes do
 * not vary from run to run) or that throws makes the run exit non-zero; timings never do.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .filter((n) => only.length === 0 || only.includes(n))
  .sort();

const results: Record<string, unknown> = {};
for (const name of names) {
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as { default: () => Promise<unknown> };
  const started = performance.now();
  try {
    results[name] = await mod.default();
  } catch (e) {
    results[name] = { error: e instanceof Error ? e.message : String(e) };
    process.exitCode = 1;
  }
  const failed = (results[name] as { failed?: unknown } | undefined)?.failed;
  if (Array.isArray(failed) && failed.length > 0) {
    process.exitCode = 1;
    for (const f of failed) console.error(`${name}: FAILED ${String(f)}`);
  }
  console.log(`${name} (${((performance.now() - started) / 1000).toFixed(1)} s):`, results[name]);
}
console.log(JSON.stringify(results));
