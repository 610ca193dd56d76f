/**
 * The route table of `src/app/routes.ts` read as text (the build and the PWA bench run in Node and
 * must not evaluate the app's modules): every route's path, its page module, its layout and
 * whether it needs a login. Generic: a route added with the same `page(() => import('./pages/x'))`
 * + `main({...})`/`blank({...})` pattern is picked up without touching this file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface RouteEntry {
  name: string;
  path: string;
  /** the page module, relative to the project root: `src/app/pages/login.tsx` */
  page: string;
  layout: 'main' | 'blank';
  /** a visitor without a session is sent to /login (SPEC §5) */
  needsLogin: boolean;
}

export const ROUTES_FILE = 'src/app/routes.ts';
export const MAIN_LAYOUT = 'src/app/shell/MainLayout.tsx';
export const LOGIN_PAGE_PATH = '/login';
/**
 * What every console page loads after its first paint, whatever the page (painted.ts
 * `afterFirstPaint`): the user menu's dropdown (Fluent Menu with Tabster and positioning, which
 * most pages' dialogs and dropdowns share) and the endpoint table's schemas (src/app/shared/lib/http.ts).
 */
export const AFTER_PAINT = ['src/app/shell/UserMenuDropdown.tsx', 'src/contract/endpoints.ts'];

function resolvePage(root: string, spec: string): string {
  const base = path.join(path.dirname(ROUTES_FILE), spec);
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) {
    try {
      readFileSync(path.join(root, base + ext));
      return (base + ext).split(path.sep).join('/');
    } catch {
      // try the next extension
    }
  }
  throw new Error(`route page ${spec} not found`);
}

export function readRouteTable(root = process.cwd()): { routes: RouteEntry[]; redirects: Record<string, string> } {
  const text = readFileSync(path.join(root, ROUTES_FILE), 'utf8');
  const pages = new Map<string, string>();
  for (const m of text.matchAll(/const (\w+) = page\(\(\) => import\('([^']+)'\)\)/g)) pages.set(m[1]!, resolvePage(root, m[2]!));
  const routes: RouteEntry[] = [];
  // one route per `main({...})`/`blank({...})`, on one line or wrapped over several by Prettier
  for (const m of text.matchAll(/^\s*(main|blank)\(\{([\s\S]*?)\}\),?\s*$/gm)) {
    const body = m[2]!;
    const name = /name: '([^']+)'/.exec(body)?.[1];
    const p = /path: '([^']+)'/.exec(body)?.[1];
    const pageVar = /page: (\w+)/.exec(body)?.[1];
    if (!name || !p || !pageVar) throw new Error(`${ROUTES_FILE}: cannot read the route ${body}`);
    const page = pages.get(pageVar);
    if (!page) throw new Error(`${ROUTES_FILE}: ${name} uses ${pageVar}, which is not a page(() => import(…))`);
    const layout = m[1] as 'main' | 'blank';
    const neverLogin = /neverLogin: (true|false)/.exec(body)?.[1];
    routes.push({ name, path: p, page, layout, needsLogin: neverLogin ? neverLogin === 'false' : layout === 'main' });
  }
  const redirects: Record<string, string> = {};
  const block = /export const redirects[^{]*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  for (const m of block.matchAll(/'([^']+)': '([^']+)'/g)) redirects[m[1]!] = m[2]!;
  if (routes.length === 0) throw new Error(`${ROUTES_FILE}: no routes found`);
  return { routes, redirects };
}

/** A route path (`/position/entry/:id/:title`) as a RegExp source matching a concrete path. */
export function routePattern(routePath: string): string {
  const parts = routePath.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${parts.join('/')}/?$`;
}

/** A concrete path for a route (parameters filled with `1`), e.g. for opening it in a browser. */
export function samplePath(routePath: string): string {
  return routePath.replace(/:(\w+)/g, (_m, p: string) => (p === 'type' ? 'dimission' : '1'));
}
