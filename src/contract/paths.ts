/** API paths (no zod: the request layer needs them before the schemas load). */

export const API_PREFIX = '/ent/v3';

/** Fill `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`缺少路径参数 ${k}`);
    return encodeURIComponent(String(v));
  });
}
