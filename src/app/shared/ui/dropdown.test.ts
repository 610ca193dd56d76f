import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(__dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
const FLUENT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@fluentui\/react-components'/g;

describe("Fluent's Dropdown and Combobox", () => {
  // their clear button is labelled "Clear selection" by Fluent: every one goes through shared/ui/Dropdown (issue 33)
  it('are used only through the wrapper that names the clear button in Chinese', () => {
    const direct = files(APP)
      .filter((f) => !f.endsWith(join('shared', 'ui', 'Dropdown.tsx')))
      .filter((f) => [...readFileSync(f, 'utf8').matchAll(FLUENT_IMPORT)].some((m) => /\b(Dropdown|Combobox)\b(?!Props)/.test(m[1]!.replace(/type \w+/g, ''))));
    expect(direct).toEqual([]);
  });
});
