// `npm run build:server` (the last step of `npm run build`): the API server compiled to plain
// JavaScript in dist/server/ — main.js (the server) and migrate.js (`npm run migrate`), their
// shared chunks beside them, the SQL migrations in dist/server/migrations/ (db/migrate.ts finds
// them next to the code: `new URL('./migrations/', import.meta.url)`), and source maps. Node
// runs it without tsx or TypeScript. Packages stay imports (the image installs them with
// `npm ci --omit=dev`), so each one the bundle imports must be a dependency, not a
// devDependency: the build fails otherwise.
// Bundled with Vite's own bundler (rolldown) in its SSR mode: no new dependency, and it keeps
// node_modules external by default (docs/decisions.md: A deployable artefact).
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'dist/server');
const started = Date.now();

const output = await build({
  configFile: false,
  root,
  // the console's public/ is the console's (vite build copies it to dist/)
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { main: 'src/server/main.ts', migrate: 'src/server/migrate-main.ts' },
      output: {
        // every chunk in dist/server/ itself: the migrations are found relative to the chunk
        entryFileNames: '[name].js',
        chunkFileNames: 'chunk-[hash].js',
      },
    },
  },
});

// the packages the bundle imports at run time must be installed by `npm ci --omit=dev`
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const builtin = new Set(builtinModules);
const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
const own = new Set(chunks.map((c) => c.fileName));
const packages = new Set(
  chunks
    .flatMap((c) => [...c.imports, ...c.dynamicImports])
    .filter((id) => !own.has(id) && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('node:') && !builtin.has(id.split('/')[0]))
    .map((id) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0])),
);
const notDeps = [...packages].filter((p) => !pkg.dependencies?.[p]);
if (notDeps.length) {
  console.error(
    `服务端构建失败：编译后的服务引用了 ${notDeps.join('、')}，但它们不在 package.json 的 dependencies 中（镜像以 npm ci --omit=dev 安装，运行时会找不到）`,
  );
  process.exit(1);
}

// the SQL migrations beside the code that reads them
const from = path.join(root, 'src/server/db/migrations');
mkdirSync(path.join(outDir, 'migrations'), { recursive: true });
const sql = readdirSync(from).filter((f) => f.endsWith('.sql'));
for (const f of sql) cpSync(path.join(from, f), path.join(outDir, 'migrations', f));

const size = chunks.reduce((n, c) => n + c.code.length, 0);
console.log(
  `服务端已编译到 dist/server/（main.js、migrate.js 等 ${chunks.length} 个文件，${(size / 1024).toFixed(0)} KB；${sql.length} 个 SQL 迁移；运行时依赖 ${[...packages].sort().join(', ')}），用时 ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
