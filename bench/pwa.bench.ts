/**
 * The PWA budgets (issue 4), read from a production build of the current source:
 * - the first route's JavaScript (the entry and what index.html preloads) ≤ 130 KB gzip;
 * - each lazy route (its page chunk and the chunks it alone pulls in) ≤ 60 KB gzip — the issue's
 *   definition: a chunk that two or more lazy parts share is not any one route's; the shared
 *   chunks are reported on their own (`shared_lazy_gzip_bytes`), and so is the stricter cold
 *   figure (`largest_route_cold_gzip_bytes`: everything a page needs beyond the first route and
 *   the layout when nothing else has been loaded yet), for information;
 * - the layout (nav, breadcrumb, footer: loaded with the first console route) ≤ 60 KB gzip;
 * - the service worker ≤ 10 KB gzip; the precache ≤ 1.5 MiB.
 *
 * The baseline, built in the same run: React + ReactDOM + FluentProvider + one Button (what any
 * Fluent console pays), so `first_route_vs_baseline` says how much the console adds on top.
 * `PWA_DIST=<dir>` measures a build that exists (built with `--manifest`) instead of building one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
export const BUDGETS = {
  first_route_gzip: 130 * KB,
  lazy_route_gzip: 60 * KB,
  /** issue 15: the data panel carries the charts (its chunk and what it alone pulls in) */
  statistics_route_gzip: 100 * KB,
  sw_gzip: 10 * KB,
  precache_bytes: 1.5 * KB * KB,
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
const STATISTICS_PAGE = 'src/app/pages/statistics.tsx';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const ratio = (a: number, b: number) => +(a / b).toFixed(3);

/** The chunk and everything it imports statically (keys of the Vite manifest). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, into);
  return into;
}

function buildOnce(): { dir: string; cleanup: () => void } {
  const fromEnv = process.env.PWA_DIST;
  if (fromEnv) return { dir: path.resolve(fromEnv), cleanup: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'pwa-bench-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The baseline, built in the same run with the same Vite: a page that renders one Fluent button
 * in the FluentProvider (React, ReactDOM, Griffel, the theme) — the floor of any Fluent console.
 */
async function baselineGzip(): Promise<number> {
  // inside the repository, so its imports resolve from node_modules
  const root = path.resolve('node_modules/.cache/pwa-bench-baseline');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>');
  writeFileSync(
    path.join(root, 'main.js'),
    [
      "import { createElement as h } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';",
      "createRoot(document.getElementById('root')).render(h(FluentProvider, { theme: webLightTheme }, h(Button, null, 'OK')));",
    ].join('\n'),
  );
  const { build } = await import('vite');
  const out = path.join(root, 'dist');
  await build({ root, configFile: false, logLevel: 'silent', mode: 'production', build: { outDir: out, target: 'es2022' } });
  const assets = path.join(out, 'assets');
  const total = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(path.join(assets, f)), 0);
  rmSync(root, { recursive: true, force: true });
  return total;
}

export default async function pwaBench() {
  const started = performance.now();
  const { dir, cleanup } = buildOnce();
  const buildMs = performance.now() - started;
  try {
    const manifestFile = path.join(dir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) return { skipped: `${manifestFile} missing: build with --manifest` };
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const size = (key: string) => gz(path.join(dir, manifest[key]!.file));
    const jsOnly = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k]!.file.endsWith('.js'));

    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (!entryKey) return { error: 'no entry in the Vite manifest' };
    const first = closure(manifest, entryKey);
    const firstRoute = jsOnly(first).reduce((sum, k) => sum + size(k), 0);

    // the console's layout (nav, breadcrumb, footer) loads with the first console route
    const shellKey = Object.keys(manifest).find((k) => manifest[k]!.src === 'src/app/shell/MainLayout.tsx');
    const shell = shellKey ? closure(manifest, shellKey) : new Set<string>();
    const cost = (k: string, loaded: Set<string>) =>
      jsOnly(closure(manifest, k))
        .filter((c) => !loaded.has(c))
        .reduce((sum, c) => sum + size(c), 0);
    const firstAndShell = new Set([...first, ...shell]);

    // every lazily loaded part (pages, dialogs, drawers, dropdowns) and the chunks it pulls in
    // beyond the first route and the layout (the layout itself: beyond the first route)
    const parts = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && k !== shellKey);
    const beyond = new Map(
      parts.map((k) => [k, new Set(jsOnly(closure(manifest, k)).filter((c) => !firstAndShell.has(c)))] as const),
    );
    const users = new Map<string, number>();
    for (const chunks of beyond.values()) for (const c of chunks) users.set(c, (users.get(c) ?? 0) + 1);
    const sum = (chunks: Iterable<string>) => [...chunks].reduce((total, c) => total + size(c), 0);
    const lazy = parts
      .map((k) => ({
        chunk: manifest[k]!.src ?? k,
        // its own chunk and the chunks no other lazy part pulls in
        gzip_bytes: sum([...beyond.get(k)!].filter((c) => c === k || users.get(c) === 1)),
        cold_gzip_bytes: sum(beyond.get(k)!),
      }))
      .sort((a, b) => b.gzip_bytes - a.gzip_bytes);
    const shared = new Set([...users].filter(([c, n]) => n > 1 && !parts.includes(c)).map(([c]) => c));
    const layout = shellKey ? cost(shellKey, first) : 0;
    const routes = lazy.filter((l) => l.chunk.startsWith('src/app/pages/'));
    const statistics = routes.find((r) => r.chunk === STATISTICS_PAGE);
    const largestRoute = routes.filter((r) => r.chunk !== STATISTICS_PAGE)[0] ?? { chunk: '-', gzip_bytes: 0 };
    const largestLazy = lazy[0] ?? { chunk: '-', gzip_bytes: 0 };
    const coldest = [...routes].sort((a, b) => b.cold_gzip_bytes - a.cold_gzip_bytes)[0] ?? { chunk: '-', cold_gzip_bytes: 0 };
    const overBudget = [
      ...(layout > BUDGETS.lazy_route_gzip ? [`src/app/shell/MainLayout.tsx ${layout}`] : []),
      ...lazy
        .filter((r) => r.gzip_bytes > (r.chunk === STATISTICS_PAGE ? BUDGETS.statistics_route_gzip : BUDGETS.lazy_route_gzip))
        .map((r) => `${r.chunk} ${r.gzip_bytes}`),
    ];

    const swFile = path.join(dir, 'sw.js');
    const sw = gz(swFile);
    const precached = [...readFileSync(swFile, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    const precacheBytes = precached.reduce((sum, url) => sum + statSync(path.join(dir, url)).size, 0);

    const baseline = await baselineGzip();
    return {
      build_ms: Math.round(buildMs),
      baseline_gzip_bytes: baseline,
      first_route_gzip_bytes: firstRoute,
      first_route_vs_baseline: ratio(firstRoute, baseline),
      first_route_vs_budget: ratio(firstRoute, BUDGETS.first_route_gzip),
      first_route_chunks: jsOnly(first).length,
      layout_gzip_bytes: layout,
      layout_vs_budget: ratio(layout, BUDGETS.lazy_route_gzip),
      lazy_routes: routes.length,
      statistics_route_gzip_bytes: statistics?.gzip_bytes ?? 0,
      statistics_route_vs_budget: ratio(statistics?.gzip_bytes ?? 0, BUDGETS.statistics_route_gzip),
      largest_route: largestRoute.chunk,
      largest_route_gzip_bytes: largestRoute.gzip_bytes,
      largest_route_vs_budget: ratio(largestRoute.gzip_bytes, BUDGETS.lazy_route_gzip),
      largest_lazy_part: largestLazy.chunk,
      largest_lazy_part_gzip_bytes: largestLazy.gzip_bytes,
      largest_lazy_part_vs_budget: ratio(largestLazy.gzip_bytes, BUDGETS.lazy_route_gzip),
      shared_lazy_chunks: shared.size,
      shared_lazy_gzip_bytes: sum(shared),
      largest_route_cold: coldest.chunk,
      largest_route_cold_gzip_bytes: coldest.cold_gzip_bytes,
      over_budget: overBudget,
      sw_gzip_bytes: sw,
      sw_vs_budget: ratio(sw, BUDGETS.sw_gzip),
      precache_entries: precached.length,
      precache_bytes: precacheBytes,
      precache_vs_budget: ratio(precacheBytes, BUDGETS.precache_bytes),
      within_budgets:
        firstRoute <= BUDGETS.first_route_gzip &&
        overBudget.length === 0 &&
        sw <= BUDGETS.sw_gzip &&
        precacheBytes <= BUDGETS.precache_bytes,
    };
  } finally {
    cleanup();
  }
}
