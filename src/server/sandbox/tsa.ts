/**
 * Stand-in for a time-stamping authority (adapters/tsa.ts), speaking RFC 3161 over HTTP (§3.4):
 * `POST /sandbox/tsa` takes a DER TimeStampReq (`application/timestamp-query`) and answers a DER
 * TimeStampResp (`application/timestamp-reply`): granted, or a rejection with its PKIFailureInfo
 * (sandbox/tsa-authority.ts). `GET /sandbox/tsa/cert`: its certificate (PEM), the one to trust.
 * The key and certificate live in sandbox_tsa_keys, made by the first server that needs them, so
 * tokens stay verifiable across restarts; serials come from a sequence; genTime is `app.now()`.
 * Test control: `POST /sandbox/tsa/faults` form unavailable=n — the next n requests answer HTTP 503.
 */
import type { FastifyInstance } from 'fastify';
import { answerQuery, createIdentity, loadIdentity, type TsaIdentity } from './tsa-authority';

export const TSA_SANDBOX_PATH = '/sandbox/tsa';

// per server, not per process: a restarted server must read the key back from its database
const identities = new WeakMap<FastifyInstance, Promise<TsaIdentity>>();

async function readOrCreate(app: FastifyInstance): Promise<TsaIdentity> {
  const read = () => app.db.one<{ key_pem: string; cert_pem: string }>('SELECT key_pem, cert_pem FROM sandbox_tsa_keys WHERE id = 1');
  let row = await read();
  if (!row) {
    const made = await createIdentity(app.now());
    // another server of this database may have made one first: its key wins
    await app.db.query('INSERT INTO sandbox_tsa_keys (id, key_pem, cert_pem) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [made.keyPem, made.certPem]);
    row = (await read())!;
  }
  return loadIdentity(row.key_pem, row.cert_pem);
}

/** The demo TSA's key and certificate (made once per database). */
export function sandboxTsaIdentity(app: FastifyInstance): Promise<TsaIdentity> {
  let id = identities.get(app);
  if (!id) {
    id = readOrCreate(app);
    identities.set(app, id);
    // a failed read is not remembered
    id.catch(() => identities.delete(app));
  }
  return id;
}

export function tsaSandbox(app: FastifyInstance) {
  let unavailable = 0;
  const serial = async () => BigInt((await app.db.one<{ n: string }>("SELECT nextval('sandbox_tsa_serial')::text AS n"))!.n);

  // the request is DER: taken raw here, in this plugin's scope only; any other type is a 415 of its own
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/timestamp-query', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.post(TSA_SANDBOX_PATH, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) return reply.status(415).send({ msg: '请以 application/timestamp-query 提交 DER 编码的时间戳请求' });
      if (unavailable > 0) {
        unavailable--;
        return reply.status(503).send({ msg: '时间戳服务暂不可用' });
      }
      const answer = await answerQuery(await sandboxTsaIdentity(app), req.body, app.now(), serial);
      return reply.type('application/timestamp-reply').send(answer);
    });
  });

  app.get(`${TSA_SANDBOX_PATH}/cert`, async (_req, reply) => reply.type('application/x-pem-file').send((await sandboxTsaIdentity(app)).certPem));
  app.post(`${TSA_SANDBOX_PATH}/faults`, async (req, reply) => {
    const n = Number(((req.body ?? {}) as Record<string, unknown>).unavailable);
    if (!Number.isInteger(n) || n < 0 || n > 100) return reply.status(400).send({ msg: 'unavailable 应为 0–100 的整数' });
    unavailable = n;
    return { unavailable };
  });
}
