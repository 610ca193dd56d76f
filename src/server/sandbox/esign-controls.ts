/**
 * The demo e签宝's controls, for tests and for people trying the demo by hand (sandbox/esign-flows.ts
 * is the protocol): the code its signing page last sent to a mobile (GET /sandbox/esign/sms, as
 * GET /sandbox/sms shows ours), its flows (masked), its CA's certificate (to check a signed PDF's
 * signature), holding its callbacks and releasing them, sending one event of a flow again now (the
 * receiver's HTTP status answered: a duplicate, or out of order), and a flow's deadline reached now.
 */
import type { FastifyInstance } from 'fastify';
import { FLOW_STATUS } from '../adapters/esign-flows';
import { sandboxEsignCa } from './esign-ca';
import { esignOutbox } from './esign-callbacks';
import { endFlow, FLOW_COLS, type SandboxFlow } from './esign-flows';
import { ESIGN_SANDBOX_PREFIX } from './esign';

const P = ESIGN_SANDBOX_PREFIX;
type Obj = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const mask = (m: string) => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

export function esignControlsSandbox(app: FastifyInstance) {
  app.get(`${P}/sms`, async (req, reply) => {
    const mobile = s((req.query as Obj).mobile);
    const row = await app.db.one<{ code: string; sent_at: Date }>(
      'SELECT code, sent_at FROM sandbox_esign_sms WHERE mobile = $1 ORDER BY sent_at DESC, id DESC LIMIT 1',
      [mobile],
    );
    if (!row) return reply.status(404).send({ msg: '该手机号暂无 e签宝 验证码' });
    return { code: row.code, sent_at: row.sent_at.toISOString() };
  });
  app.get(`${P}/flows`, async () => ({
    list: (await app.db.query<SandboxFlow>(`SELECT ${FLOW_COLS} FROM sandbox_esign_flows ORDER BY created_at DESC LIMIT 50`)).map((f) => ({
      sign_flow_id: f.sign_flow_id,
      title: f.title,
      signer: `${f.signer_name.slice(0, 1)}** ${mask(f.signer_mobile)}`,
      status: f.status,
      description: f.description,
    })),
  }));
  app.get(`${P}/ca.pem`, async (_req, reply) => reply.type('application/x-pem-file').send((await sandboxEsignCa(app)).certPem));
  app.post(`${P}/callbacks`, async (req) => {
    const hold = s(((req.body ?? {}) as Obj).hold) === '1';
    esignOutbox(app).hold(hold);
    return { hold };
  });
  app.post(`${P}/flows/:id/notify`, async (req, reply) => {
    const action = s(((req.body ?? {}) as Obj).action);
    const status = await esignOutbox(app).resend((req.params as { id: string }).id, action);
    if (status === null) return reply.status(404).send({ msg: '该流程没有这个通知' });
    return { status };
  });
  app.post(`${P}/flows/:id/expire`, async (req, reply) => {
    const id = (req.params as { id: string }).id;
    if (!(await endFlow(app, id, { status: FLOW_STATUS.expired, description: '已过期' }, app.now()))) return reply.status(409).send({ msg: '流程不在签署中' });
    return { status: FLOW_STATUS.expired };
  });
}
