/** Bundle sizes from dist/: the first route and the largest lazy chunk against the PWA budgets. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export default async function bundleBench() {
  const dist = path.resolve('dist');
  if (!existsSync(path.join(dist, 'index.html'))) return { skipped: 'dist/ not built (npm run build)' };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const initialBytes = initial.reduce((sum, f) => sum + gz(f), 0);
  const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const lazy = all.filter((f) => !initial.includes(f)).map((f) => ({ file: f, gzip_bytes: gz(f) }));
  const largestLazy = Math.max(0, ...lazy.map((l) => l.gzip_bytes));
  return {
    first_route_gzip_bytes: initialBytes,
    first_route_vs_budget: +(initialBytes / (130 * 1024)).toFixed(3),
    largest_lazy_gzip_bytes: largestLazy,
    largest_lazy_vs_budget: +(largestLazy / (60 * 1024)).toFixed(3),
    lazy_chunks: lazy.length,
  };
}
