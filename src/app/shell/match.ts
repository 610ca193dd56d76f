import { matchRoute, type Parser } from 'wouter';
import { routes, type RouteDef } from '../routes';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/** The route of the table that matches a path (first match wins), or null. */
export function findRoute(parser: Parser, path: string): RouteMatch | null {
  for (const route of routes) {
    const [ok, params] = matchRoute(parser, route.path, path);
    if (ok) return { route, params: { ...(params as Record<string, string | undefined>) } };
  }
  return null;
}

/** The route's ancestors, root first (for the breadcrumb and the active nav item). */
export function routeChain(route: RouteDef, byName: Map<string, RouteDef>): RouteDef[] {
  const chain: RouteDef[] = [route];
  let parent = route.parent;
  while (parent) {
    const r = byName.get(parent);
    if (!r || chain.includes(r)) break;
    chain.unshift(r);
    parent = r.parent;
  }
  return chain;
}
