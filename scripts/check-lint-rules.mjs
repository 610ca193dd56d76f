#!/usr/bin/env node
/**
 * Proves that lint really guards the server's shape (issue 26), so a config change cannot turn a
 * rule off silently:
 * - import-x/no-cycle checks TypeScript: without `import-x/parsers` in eslint.config.js it read
 *   only .js dependencies and a two-file .ts cycle passed. a.ts ⇄ b.ts are written into a
 *   temporary folder at the top of the repository (outside every tsconfig and vitest project, so
 *   a parallel tsc or test run never sees them) and both must be reported.
 * - a route holds no SQL: a query call in a (virtual) file of src/server/routes must be reported;
 * - domain never imports http: such an import in a (virtual) file of src/server/domain must be reported.
 * Run by `npm run lint` before `eslint .`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const said = (results) => results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}: ${m.ruleId ?? ''} ${m.message}`)).join('; ');
const fail = (what, results) => {
  console.error(`check-lint-rules: ${what}`);
  const seen = said(results);
  if (seen) console.error(`  messages: ${seen}`);
  process.exitCode = 1;
};

const dir = mkdtempSync(path.join(root, '.cycle-probe-'));
try {
  const a = path.join(dir, 'a.ts');
  const b = path.join(dir, 'b.ts');
  writeFileSync(a, "import { b } from './b';\n\nexport const a = (): number => b() + 1;\n");
  writeFileSync(b, "import { a } from './a';\n\nexport const b = (): number => (a.length > 9 ? a() : 0);\n");
  const results = await eslint.lintFiles([a, b]);
  if (results.filter((r) => r.messages.some((m) => m.ruleId === 'import-x/no-cycle')).length !== 2) {
    fail('a two-file TypeScript import cycle was NOT reported by import-x/no-cycle (is import-x/parsers still set?).', results);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const route = await eslint.lintText("import type { Db } from '../db/types';\n\nexport const probe = (db: Db) => db.query('SELECT 1');\n", {
  filePath: path.join(root, 'src/server/routes/lint-probe.ts'),
});
if (!route.some((r) => r.messages.some((m) => m.ruleId === 'no-restricted-syntax'))) fail('a SQL call in src/server/routes was NOT reported.', route);

const domain = await eslint.lintText("import { addRoute } from '../http/route';\n\nexport const probe = addRoute;\n", {
  filePath: path.join(root, 'src/server/domain/lint-probe.ts'),
});
if (!domain.some((r) => r.messages.some((m) => m.ruleId === 'import-x/no-restricted-paths')))
  fail('an http import in src/server/domain was NOT reported.', domain);
