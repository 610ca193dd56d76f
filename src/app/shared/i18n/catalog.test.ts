// @vitest-environment node
/**
 * The console's words live in the message catalog (this folder, zh-CN*.ts). This scans every
 * source file of src/app (tests and the catalog aside) with the TypeScript parser — so comments are
 * not read and string literals, template texts and JSX text are — and lists each Chinese text
 * outside the catalog. A text that is data, not a message, goes in ALLOWED with the reason.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/*.d.ts', '!./zh-CN*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Files whose Chinese texts are not messages (paths under src/app). */
const ALLOWED: Record<string, string> = {
  'features/payouts/lib/rmb.ts': '人民币大写: the numerals and units are how the amount is written, not messages',
  'shell/testing.tsx': "test fixtures (a sample member for the shell's tests), never shown to users",
};

const HAN = /\p{Script=Han}/u;

/** Every Chinese text of a source: `line: text`. */
function chineseTexts(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node) || ts.isTemplateLiteralToken(node)) {
      const text = node.text;
      if (HAN.test(text)) found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${text.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const files = Object.entries(sources).map(([key, source]) => ({ file: key.replace(/^\.\.\/\.\.\//, ''), source }));

describe('UI strings', () => {
  it('reads the whole console', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((f) => f.file === 'routes.ts')).toBe(true);
    expect(files.some((f) => f.file.startsWith('shared/i18n/zh-CN'))).toBe(false);
  });

  it('are in the message catalog, not in the components', () => {
    const offenders = files.filter((f) => !(f.file in ALLOWED)).flatMap((f) => chineseTexts(f.file, f.source).map((hit) => `${f.file}:${hit}`));
    expect(offenders).toEqual([]);
  });

  it('allows only files that still need it', () => {
    for (const file of Object.keys(ALLOWED)) {
      const f = files.find((x) => x.file === file);
      expect(f, file).toBeDefined();
      expect(chineseTexts(file, f!.source).length, file).toBeGreaterThan(0);
    }
  });

  it('finds Chinese in string literals, template texts and JSX text, and not in comments', () => {
    const sample = ['// 注释', '/* 注释 */', "const a = '中文';", 'const b = `共 ${n} 条`;', 'const c = <p title="标题">正文</p>;', "const d = 'plain';"].join(
      '\n',
    );
    expect(chineseTexts('x.tsx', sample).map((h) => h.replace(/^\d+: /, ''))).toEqual(['中文', '共', '条', '标题', '正文']);
  });
});
