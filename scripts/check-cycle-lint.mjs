#!/usr/bin/env node
/**
 * Proves that lint really checks import cycles between TypeScript files (issue 26): without
 * `import-x/parsers` in eslint.config.js, import-x/no-cycle read only .js dependencies and a
 * two-file .ts cycle passed. Writes a.ts ⇄ b.ts into a temporary folder at the top of the
 * repository (outside every tsconfig and vitest project, so a parallel tsc or test run never sees
 * it), lints them with the project's config and fails unless both are reported by no-cycle. Run
 * by `npm run lint` before `eslint .`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(root, '.cycle-probe-'));
try {
  const a = path.join(dir, 'a.ts');
  const b = path.join(dir, 'b.ts');
  writeFileSync(a, "import { b } from './b';\n\nexport const a = (): number => b() + 1;\n");
  writeFileSync(b, "import { a } from './a';\n\nexport const b = (): number => (a.length > 9 ? a() : 0);\n");
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  const results = await eslint.lintFiles([a, b]);
  const flagged = results.filter((r) => r.messages.some((m) => m.ruleId === 'import-x/no-cycle'));
  if (flagged.length !== 2) {
    const seen = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}: ${m.ruleId ?? ''} ${m.message}`));
    console.error('check-cycle-lint: a two-file TypeScript import cycle was NOT reported by import-x/no-cycle.');
    console.error('  Is import-x/parsers (@typescript-eslint/parser for .ts/.tsx) still set in eslint.config.js?');
    if (seen.length) console.error(`  messages: ${seen.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
