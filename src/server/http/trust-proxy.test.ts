/**
 * TRUST_PROXY as Fastify applies it (http/trust-proxy.ts): the production default, one hop, takes
 * the client's address the balancer appended — not the balancer's (Fastify 5 alone would trust no
 * hop for a bare number) and not one the client wrote itself; a list trusts only those peers.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy';

async function ipSeen(trust: TrustProxy, peer: string, xff?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
  app.get('/ip', async (req) => ({ ip: req.ip }));
  const r = await app.inject({ url: '/ip', remoteAddress: peer, headers: xff ? { 'x-forwarded-for': xff } : {} });
  await app.close();
  return (r.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('one hop (production default): the address the balancer appended, never one the client wrote', async () => {
    expect(await ipSeen(1, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen(1, '10.0.0.5', '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen(1, '10.0.0.5')).toBe('10.0.0.5');
    expect(await ipSeen(2, '10.0.0.5', '1.1.1.1, 203.0.113.9')).toBe('1.1.1.1');
  });
  it('a list trusts those peers only; false trusts none', async () => {
    expect(await ipSeen('10.0.0.0/8,loopback', '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen('10.0.0.0/8,loopback', '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await ipSeen(false, '10.0.0.5', '203.0.113.9')).toBe('10.0.0.5');
    expect(await ipSeen(0, '10.0.0.5', '203.0.113.9')).toBe('10.0.0.5');
  });
  it('reads the setting: hops, a list, or a clear refusal', () => {
    const env = { TRUST_PROXY: '10.0.0.0/8, uniquelocal' } as NodeJS.ProcessEnv;
    expect(loadConfig(env).trustProxy).toBe('10.0.0.0/8, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '2' } as NodeJS.ProcessEnv).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'balancer' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
  });
});
