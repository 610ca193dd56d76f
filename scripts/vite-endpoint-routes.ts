/**
 * The endpoint table's routes without its schemas (issue 17): `virtual:endpoint-routes` is every
 * endpoint of `src/contract/endpoints.ts` as `{ method, path, auth, silent }`, read from the table
 * itself when the console is built (or served, or unit-tested). The request layer finds a call's
 * method and path here and sends it at once; the table with its zod schemas (~50 KB gzip) loads
 * after the first page has painted and checks every answer (src/app/shared/lib/http.ts).
 *
 * Nothing is listed by hand: an endpoint added to an area's contract file is in the next build.
 * The table is evaluated in a child Node process (tsx), so the build never shares module state
 * with it and a dev server reads it afresh when a contract file changes.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

export const ENDPOINT_ROUTES_ID = 'virtual:endpoint-routes';
const RESOLVED = `\0${ENDPOINT_ROUTES_ID}`;
const TABLE = 'src/contract/endpoints.ts';

/** The table's routes, `{ name: { method, path, auth, silent? } }`, as JSON. */
export function readEndpointRoutes(root: string): string {
  const script = `
    const { pathToFileURL } = await import('node:url');
    const { endpoints } = await import(pathToFileURL(${JSON.stringify(path.join(root, TABLE))}).href);
    const out = {};
    for (const [name, e] of Object.entries(endpoints)) {
      out[name] = { method: e.method, path: e.path, auth: e.auth };
      if (e.silent) out[name].silent = true;
    }
    process.stdout.write(JSON.stringify(out));
  `;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

export function endpointRoutes(): Plugin {
  let root = process.cwd();
  let cached: string | null = null;
  const isContract = (file: string) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    return rel.startsWith('src/contract/') && !rel.endsWith('.test.ts');
  };
  return {
    name: 'hr-console:endpoint-routes',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ENDPOINT_ROUTES_ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      cached ??= readEndpointRoutes(root);
      return `export const routes = ${cached};\n`;
    },
    // a dev server: a changed contract file gives the next page load the new routes
    handleHotUpdate({ file, server }) {
      if (!isContract(file)) return;
      cached = null;
      const mod = server.moduleGraph.getModuleById(RESOLVED);
      if (mod) server.moduleGraph.invalidateModule(mod);
    },
  };
}
