/**
 * axe-core in the end-to-end suite (issue 18): put node_modules/axe-core/axe.min.js into a page
 * once and list its serious and critical violations. Kept apart from harness.ts on purpose.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');
let source: string | null = null;

/**
 * Rules switched off for one element only, each with the reason (matched against axe's target
 * selectors). Empty: every finding so far was a real fault and was fixed where it arose.
 */
export const AXE_EXCEPTIONS: { rule: string; selector: string; reason: string }[] = [];

/** The WCAG 2.1 A/AA rules and axe's best practices; only serious and critical findings count. */
const RUN_ONLY = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] };

export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Inject axe into the page (once: the sweep moves between routes without reloading). The console's
 * CSP refuses inline scripts (addScriptTag), so axe goes in through the debugging protocol, which
 * the page's CSP does not govern.
 */
export async function injectAxe(page: Page): Promise<void> {
  source ??= readFileSync(AXE, 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${source};void 0`);
}

/** `skip`: selectors of parts already checked on this page (the unchanged shell). */
export async function axeSerious(page: Page, where: string, skip: string[] = []): Promise<AxeFinding[]> {
  await injectAxe(page);
  const found = await page.evaluate(
    async ({ exceptions, runOnly, skip }) => {
      type Result = { violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } }).axe;
      // Left out of every check: Fluent's focus manager (tabster) puts `<i tabindex=0 aria-hidden
      // data-tabster-dummy>` sentinels at the edges of menus, tab lists, dialogs and the toaster;
      // they hand the focus on at once and are never read. axe's aria-hidden-focus misjudges them.
      const r = await axe.run(
        { exclude: [['[data-tabster-dummy]'], ...skip.filter((sel) => document.querySelector(sel)).map((sel) => [sel])] },
        // iframes: the only frames are the agreement PDF preview (the browser's viewer, not ours)
        { runOnly, resultTypes: ['violations'], iframes: false, elementRef: false },
      );
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.map(String).join(' ')).filter((t) => !exceptions.some((e) => e.rule === v.id && t.includes(e.selector))),
        }))
        .filter((v) => v.targets.length > 0);
    },
    { exceptions: AXE_EXCEPTIONS, runOnly: RUN_ONLY, skip },
  );
  return found.map((f) => ({ where, ...f }));
}
