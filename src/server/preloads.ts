import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * First paint in one wave (issue 17): index.html for a page navigation carries
 * `<link rel="modulepreload">` for the chunks that page needs beyond the entry (the build writes
 * them per route: scripts/vite-route-preloads.ts), so the browser fetches them with the entry.
 * A visitor without the session cookie at a route that needs a login gets /login's chunks (the
 * guard sends them there); a visitor with one at /login gets /index's. Only a hint: a wrong guess
 * costs bytes, never correctness (the app still imports what it renders).
 */
interface PreloadMap {
  routes: { name: string; pattern: string; needsLogin: boolean; files: string[] }[];
  redirects: Record<string, string>;
  loginPath: string;
}

const TOKEN_COOKIE = 'token';
const cache = new Map<string, { mtimeMs: number; map: PreloadMap | null; patterns: RegExp[] }>();

function load(staticDir: string) {
  const file = join(staticDir, '.vite', 'preloads.json');
  const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
  const hit = cache.get(staticDir);
  if (hit && hit.mtimeMs === mtimeMs) return hit;
  let map: PreloadMap | null;
  try {
    map = mtimeMs >= 0 ? (JSON.parse(readFileSync(file, 'utf8')) as PreloadMap) : null;
  } catch {
    map = null; // a deploy writing the file right now: no hints for this answer
  }
  const entry = { mtimeMs, map, patterns: map?.routes.map((r) => new RegExp(r.pattern)) ?? [] };
  cache.set(staticDir, entry);
  return entry;
}

const hasSession = (cookie = '') => cookie.split(';').some((c) => c.trim().startsWith(`${TOKEN_COOKIE}=`) && c.trim().length > TOKEN_COOKIE.length + 1);

/** The chunk URLs to preload for a navigation to `path`. */
export function preloadsFor(staticDir: string, path: string, cookie?: string): string[] {
  const { map, patterns } = load(staticDir);
  if (!map) return [];
  const find = (p: string) => {
    const i = patterns.findIndex((re) => re.test(p));
    return i < 0 ? undefined : map.routes[i];
  };
  let target = map.redirects[path] ?? path;
  const loggedIn = hasSession(cookie);
  if (target === map.loginPath && loggedIn) target = map.redirects['/'] ?? target;
  let route = find(target);
  if (route?.needsLogin && !loggedIn) route = find(map.loginPath);
  return route?.files ?? [];
}

/** index.html with the path's preloads before `</head>`. */
export function withPreloads(html: string, staticDir: string, path: string, cookie?: string): string {
  const files = preloadsFor(staticDir, path, cookie);
  if (files.length === 0) return html;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}
