/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointRoutes } from './scripts/vite-endpoint-routes';
import { routePreloads } from './scripts/vite-route-preloads';

/** Where `npm run dev` proxies the API and the sandboxes (the reference server). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The build's version, shared by the pages and the service worker (update checks compare them).
 * Derived from the sources, so rebuilding the same code gives the same version and no update
 * prompt; `APP_VERSION` overrides it (release tags, the update tests).
 */
function sourceVersion(): string {
  const hash = createHash('sha256');
  const walk = (p: string) => {
    if (!statSync(p, { throwIfNoEntry: false })) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) walk(path.join(p, name));
    } else {
      hash.update(p).update(readFileSync(p));
    }
  };
  for (const p of ['src/app', 'src/contract', 'src/sw', 'src/workers', 'public', 'index.html', 'package-lock.json', 'vite.config.ts']) walk(p);
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  return `${pkg.version}+${hash.digest('hex').slice(0, 10)}`;
}
const appVersion = process.env.APP_VERSION || sourceVersion();

/** Every file under `dir`, at any depth. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));

/** Where the unit tests are: the console, the contract, the upload worker and the service worker. */
const UNIT_DIRS = ['src/app', 'src/contract', 'src/workers', 'src/sw'];
const UNIT_INCLUDE = ['src/app/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts', 'src/workers/**/*.test.ts', 'src/sw/**/*.test.ts'];

/**
 * The unit test files that say `@vitest-environment node` in their head (pure rules, no DOM): the
 * docblock stays the one place that decides. They run in a project of their own whose workers keep
 * their modules between files (65 files: 62 → 25 CPU-s, session 19; every order of them passes);
 * the DOM tests keep a fresh module graph per file (their stores are module state: shared, the
 * UserMenu tests failed in some orders).
 */
function nodeUnitFiles(): string[] {
  return UNIT_DIRS.flatMap(filesUnder)
    .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(f, 'utf8').slice(0, 400).includes('@vitest-environment node'))
    .sort();
}
const unitNodeFiles = nodeUnitFiles();

/** Test files run at once in the server project (CI's machine has two cores). */
const workers = Number(process.env.TEST_WORKERS) || 2;
/**
 * Browser test files run at once: three on two cores, because a browser test mostly waits. The
 * whole e2e suite used 656 s of CPU (user + sys, Chromium included) in 752 s with two files at a
 * time, 0.87 of the two cores; a third file fills the idle one (E2E_WORKERS, else TEST_WORKERS).
 */
const e2eWorkers = Number(process.env.E2E_WORKERS || process.env.TEST_WORKERS) || 3;

/**
 * Writes .br and .gz beside the text files of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`). Runs last, after the service worker is built.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hr-console:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        // PRECOMPRESS=0: the service worker tests' two builds (pwa.test.ts), whose server sends
        // what is there; brotli at 11 is 3.5 CPU-s a build
        if (process.env.PRECOMPRESS === '0') return;
        for (const file of filesUnder(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(file)) continue;
          const raw = readFileSync(file);
          if (raw.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/**
 * The longest test files first, then Vitest's own order (its cache of durations, else larger files
 * first): on a fresh clone (CI) there is no cache, and a four-minute file that starts last leaves
 * the other worker idle for its whole length (session 15: the server suite's tail was the sweep).
 * Durations from CI's log; a file missing here only runs in Vitest's order.
 */
const LONGEST_FIRST = [
  'src/server/sweep.test.ts',
  'src/server/http/ops.test.ts',
  'src/server/config.test.ts',
  'src/server/db/db.test.ts',
  'src/server/jobs/payouts.test.ts',
  'tests/e2e/pwa.test.ts',
  'tests/e2e/layout.test.ts',
  'tests/e2e/a11y.test.ts',
  'tests/e2e/recruitment.test.ts',
  'tests/e2e/tablet.test.ts',
  'tests/e2e/tax.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.split(path.sep).join('/').endsWith(`/${name}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const base = await super.sort(files);
    return base
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  plugins: [
    react(),
    // the endpoint table's methods and paths without its schemas, for the request layer
    endpointRoutes(),
    // each route's chunks for the server to preload with the entry (first paint in one wave)
    routePreloads(),
    // the service worker (src/sw/sw.ts) with the build's precache list injected; the page
    // registers it itself (src/app/shell/sw-bridge.ts), the manifest is public/manifest.webmanifest
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // the shell, every route chunk, styles, the manifest and the small images the shell shows;
        // not the install screenshots and icons (the browser fetches those when it installs)
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        globIgnores: ['**/*.gz', '**/*.br', 'sw.js', '.vite/**', 'screenshots/**'],
        // a hashed file's name is its revision: its entry carries no `"revision":null` (the same
        // cache key to workbox-precaching; ~13 B of the worker's gzip budget per route chunk)
        manifestTransforms: [
          async (entries) => ({ manifest: entries.map((e) => (e.revision === null ? { url: e.url, size: e.size } : e)) as typeof entries, warnings: [] }),
        ],
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/ent': { target: apiTarget, changeOrigin: true },
      '/sandbox': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4380, strictPort: true },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: the PWA bench measures the build CI's e2e step made (.ci/run)
    manifest: true,
    rolldownOptions: {
      // the console's own modules (main.tsx, the entry, aside) are taken as free of side effects:
      // none is imported for what it does at import alone (a module's top-level code, e.g.
      // date.ts's dayjs locale, still runs whenever one of its exports is used), so a page that
      // imports one component through a feature's index.ts no longer pulls every component the
      // index re-exports (issue 17: that put whole features, with their Fluent parts, in pages).
      // The contract too (schemas and rules), but for zod-csp.ts, imported for its z.config():
      // contract/imports.ts re-exports every import type's columns, which the endpoint table on
      // every page's first wave never uses
      treeshake: {
        moduleSideEffects: (id: string) =>
          (/[\\/]src[\\/]app[\\/]/.test(id) && !/[\\/]src[\\/]app[\\/]main\.tsx$/.test(id)) ||
          (/[\\/]src[\\/]contract[\\/]/.test(id) && !/[\\/]zod-csp\.ts$/.test(id))
            ? false
            : undefined,
      },
      output: {
        codeSplitting: {
          // everything the entry needs statically in one chunk: left to itself the bundler cut the
          // first route into a dozen or twenty small chunks (which ones moved from build to build),
          // each paying its own gzip start-up and import glue (issue 4's first-route budget)
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitNodeFiles,
          environment: 'node',
          setupFiles: ['tests/setup/unit.ts'],
          testTimeout: 60_000,
          maxWorkers: workers,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: UNIT_INCLUDE,
          exclude: unitNodeFiles,
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts'],
          // npm test runs these beside tsc and eslint on two cores: a first render may take seconds
          testTimeout: 60_000,
          // two files at a time: vitest's default is one fewer than the cores (one, on CI's two),
          // which left a core idle once tsc and eslint had finished (session 18)
          maxWorkers: workers,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // two files at a time (TEST_WORKERS overrides): each file has its own database (a PGlite
          // copy, or its own schema on PostgreSQL: tests/setup/db.ts) and its own ports
          maxWorkers: workers,
          // a worker runs its files on one module graph instead of importing the server anew for
          // each: a third less CPU (16 route files: 232 → 146 CPU-s), which is what CI's 30 minutes
          // ran out of. Each file still has its own database, server and ports; what a file changes
          // in the process (env, timers, globals) it restores itself (vi.unstubAllEnvs and the like)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/server-global.ts'],
          setupFiles: ['tests/setup/e2e.ts'],
          // always on the embedded PGlite, the database of `npm start`, also when DATABASE_URL is
          // set for the server suite (CI runs `npm test` with it: .ci/run says why)
          env: { DATABASE_URL: '' },
          // generous: CI's machine is shared (a long flow takes a minute or more when it is loaded);
          // the waits inside the tests are for states, so a longer limit only lets a slow pass finish
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // three files at a time (e2eWorkers): each file starts its own server on its own database
          // and its own Chromium; most of a browser test's time is waiting, not computing
          maxWorkers: e2eWorkers,
          // a worker imports the server, playwright-core and the harness once for all its files
          // instead of once per file (the suite's imports took 214 s of its CPU). Each file still
          // starts its own server on its own database and its own Chromium (startHarness)
          isolate: false,
        },
      },
    ],
  },
});
