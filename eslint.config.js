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
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
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
  { target: './src/server/adapters', from: './src/server/domain', message: 'adapters 不能依赖 domain；domain 可以引用 adapters，共用的类型/函数放到 adapters 或更低层。' },
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
      // skipped every .ts/.tsx file (issue 26; scripts/check-cycle-lint.mjs proves it stays on)
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+features/[^/]+/.+', message: '只能从 feature 的 index.ts 引入。' }] },
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
