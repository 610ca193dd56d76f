// Lint: correctness plus the import direction of ARCHITECTURE §1.
// Zones are generated from the folder list so a new feature is covered without editing this file.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'src/app/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const zones = [
  // the contract is imported by everyone and imports no one
  { target: './src/contract', from: './src', except: ['./contract'], message: 'src/contract 只能依赖自身。' },
  // client and server never import each other
  { target: './src/server', from: './src/app', message: '服务端不能引用前端代码。' },
  { target: './src/server', from: './src/workers', message: '服务端不能引用前端代码。' },
  { target: './src/server', from: './src/sw', message: '服务端不能引用前端代码。' },
  { target: './src/app', from: './src/server', message: '前端不能引用服务端代码。' },
  { target: './src/workers', from: './src/server', message: '前端不能引用服务端代码。' },
  { target: './src/sw', from: './src/server', message: '前端不能引用服务端代码。' },
  { target: './src/workers', from: './src/app', message: 'Worker 不能引用页面代码。' },
  { target: './src/sw', from: './src/app', message: 'Service Worker 不能引用页面代码。' },
  // server adapters speak external protocols and sit below domain: domain may import adapters, never the reverse (issue 26)
  {
    target: './src/server/adapters',
    from: './src/server/domain',
    message: 'adapters 不能依赖 domain；domain 可以引用 adapters，共用的类型/函数放到 adapters 或更低层。',
  },
  // shared is the bottom layer of the console
  ...['features', 'pages', 'shell'].map((up) => ({
    target: './src/app/shared',
    from: `./src/app/${up}`,
    message: 'app/shared 不能依赖上层（features/pages/shell）。',
  })),
  // features never import pages or the shell, nor each other (pages compose them)
  { target: './src/app/features', from: './src/app/pages', message: 'feature 不能依赖页面。' },
  { target: './src/app/features', from: './src/app/shell', message: 'feature 不能依赖 shell。' },
  ...features.map((f) => ({
    target: `./src/app/features/${f}`,
    from: './src/app/features',
    except: [`./${f}`],
    message: 'feature 之间不能互相引用；共用的部分放到 app/shared 或 contract。',
  })),
];

// the server's layers (docs/server-map.md): lib < db < adapters < domain < jobs/imports < http < routes < app.
// Tests may reach across (a sandbox, a route's helper), so these apply to the server's own code only.
const serverZones = [
  ...['http', 'routes'].map((up) => ({
    target: './src/server/domain',
    from: `./src/server/${up}`,
    message: 'domain 不能依赖 http/routes：返回 Refusal（lib/refusal.ts），由路由适配 HTTP。',
  })),
  ...['domain', 'http', 'routes', 'jobs', 'imports', 'adapters', 'sandbox'].map((up) => ({
    target: './src/server/lib',
    from: `./src/server/${up}`,
    message: 'server/lib 是最底层，不能依赖上层。',
  })),
  ...['routes', 'sandbox'].map((up) => ({ target: './src/server/adapters', from: `./src/server/${up}`, message: 'adapters 不能依赖 routes/sandbox。' })),
  ...['routes', 'http'].map((up) => ({ target: './src/server/jobs', from: `./src/server/${up}`, message: 'jobs 不能依赖 routes/http：调用 domain。' })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', '.tsbuild', 'coverage', 'tests/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // without the parser map import-x reads only .js/.mjs/.cjs dependencies: no-cycle silently
      // skipped every .ts/.tsx file (issue 26; scripts/check-lint-rules.mjs proves it stays on)
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // features and pages reach other features only through their index.ts door
    files: ['src/app/pages/**', 'src/app/shell/**', 'src/app/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+features/[^/]+/.+', message: '只能从 feature 的 index.ts 引入。' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverZones] }] },
  },
  {
    // a route is an adapter: parse (addRoute), call one domain function, map its answer. SQL and
    // transactions live in src/server/domain (issue 26; docs/server-map.md)
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|one|exec|tx)$/]",
          message: '路由里不写 SQL、不开事务：放到 src/server/domain 的命名函数里（docs/server-map.md）。',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '../lib/refusal', importNames: ['commitThenRefuse'], message: '事务归 domain：在 domain 函数里用 commitThenRefuse。' }] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
