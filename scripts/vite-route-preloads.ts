/**
 * First paint in one wave (issue 17): for every route of `src/app/routes.ts`, the chunks its first
 * paint needs beyond the entry — the page's chunk, the main layout's for console routes, and every
 * chunk they import statically — written to `dist/.vite/preloads.json`. The server adds them to
 * index.html as `<link rel="modulepreload">` for the path it answers (src/server/preloads.ts), so
 * the browser fetches them together with the entry instead of discovering them after it ran.
 */
import type { Plugin } from 'vite';
import { AFTER_PAINT, LOGIN_PAGE_PATH, MAIN_LAYOUT, readRouteTable, routePattern } from './route-table';
import { ENDPOINT_ROUTES_ID } from './vite-endpoint-routes';

/** loaded by the first API call of a console page (src/app/shared/lib/http.ts loadRoutes) */
const ENDPOINT_ROUTES = `\0${ENDPOINT_ROUTES_ID}`;

export const PRELOADS_FILE = '.vite/preloads.json';

export interface PreloadMap {
  /** first match wins; `files` are absolute URLs (`/assets/x.js`) */
  routes: { name: string; pattern: string; needsLogin: boolean; files: string[] }[];
  redirects: Record<string, string>;
  loginPath: string;
  /**
   * What every console route preloads besides its page: the layout's chunks and the endpoint
   * routes' (methods and paths; the layout's first call loads them), each beyond the entry; and,
   * not preloaded, what every console page loads after its first paint (`afterPaint`: the user
   * menu's dropdown, the endpoint table's schemas). The PWA bench counts a console route's cold
   * cost beyond all three.
   */
  console: { layout: string[]; api: string[]; afterPaint: string[] };
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

export function routePreloads(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'hr-console:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & ChunkLike => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const bySource = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!.slice(root.length + 1), c]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return; // not the console's build (the service worker's own)
      const initial = closure(entry.fileName);
      const needed = (source: string) => {
        const chunk = bySource.get(source) ?? chunks.find((c) => c.moduleIds.some((id) => id === source || id.slice(root.length + 1) === source));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${source}`);
        return [...closure(chunk.fileName)].filter((f) => !initial.has(f));
      };
      // console routes: the layout, and the endpoint routes the first API call loads (shared/lib/http.ts)
      const layoutOnly = needed(MAIN_LAYOUT);
      const api = needed(ENDPOINT_ROUTES).filter((f) => !layoutOnly.includes(f));
      const layout = [...layoutOnly, ...api];
      const afterPaint = [...new Set(AFTER_PAINT.flatMap(needed))].filter((f) => !layout.includes(f));
      const { routes, redirects } = readRouteTable(root);
      const map: PreloadMap = {
        routes: routes.map((r) => ({
          name: r.name,
          pattern: routePattern(r.path),
          needsLogin: r.needsLogin,
          files: [...new Set([...(r.layout === 'main' ? layout : []), ...needed(r.page)])].map((f) => base + f),
        })),
        redirects,
        loginPath: LOGIN_PAGE_PATH,
        console: { layout: layoutOnly.map((f) => base + f), api: api.map((f) => base + f), afterPaint: afterPaint.map((f) => base + f) },
      };
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(map) });
    },
  };
}
