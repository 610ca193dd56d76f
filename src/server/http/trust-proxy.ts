/**
 * Whose X-Forwarded-For / -Proto the server believes (config.ts TRUST_PROXY), as Fastify's
 * `trustProxy`. A hop count is the nearest `n` proxies whatever their address: Fastify 5 takes a
 * bare number as "trust none" (it cannot check the peer), which behind a load balancer would make
 * the balancer's address everyone's — one per-IP limit for all users, one IP in every signature's
 * evidence. So a count becomes the function proxy-addr calls with each hop's index (0: the peer);
 * the deployment keeps the server reachable through its proxies only (README, TRUST_PROXY), or
 * names their addresses instead (a list or CIDRs, checked by Fastify).
 */
export type TrustProxy = boolean | number | string;

export function fastifyTrustProxy(t: TrustProxy | undefined): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof t === 'number') return t > 0 ? (_addr: string, hop: number) => hop < t : false;
  return t ?? false;
}
