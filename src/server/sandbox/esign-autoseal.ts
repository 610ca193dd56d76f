/**
 * The demo e签宝's automatic organisation seal (企业自动落章; adapters/esign-flows.ts createSeal):
 * `create-by-file` with one signer of signerType 1 (orgSignerInfo: the org's name and 统一社会信用
 * 代码) whose sign field has autoSign true. As at e签宝, the seal is applied in the background
 * after the flow is made — here on the next turn of the event loop, unless held (the test control
 * below) — and the flow completes with its callbacks (esign-flows.ts endFlow). The seal is drawn,
 * visibly a demo: a red ring with the org's name on its upper arc, 演示印章 across it and 非真实签章
 * below, as the appearance of a real PDF signature (esign-pdf.ts, the demo CA's certificate issued
 * in the org's name). Nothing about it could pass for a company's real seal.
 * Test control: `POST /sandbox/esign/autoseal` form hold=1 keeps new org flows 签署中; hold=0
 * applies every one still waiting.
 */
import type { FastifyInstance } from 'fastify';
import { FLOW_STATUS } from '../adapters/esign-flows';
import { sandboxEsignCa, signDetached } from './esign-ca';
import { endFlow, orgSealing } from './esign-flows';
import { signPdf } from './esign-pdf';
import { ESIGN_SANDBOX_PREFIX } from './esign';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** GB 32100: 18 characters, digits and capitals without I, O, S, V, Z */
const USCC = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** the seal's diameter in points (a real company seal is 40 mm, 113 pt; the demo's is a little smaller) */
export const SEAL_SIZE = 104;

const held = new WeakMap<FastifyInstance, boolean>();

/** An org auto-seal signer of a create-by-file body, checked: what to store, or the refusal's words. */
export function orgSealSigner(b: Obj, fileId: string): { name: string; code: string; x: number; y: number } | string {
  const signers = Array.isArray(b.signers) ? b.signers : [];
  const signer = isObj(signers[0]) ? signers[0] : {};
  const org = isObj(signer.orgSignerInfo) ? signer.orgSignerInfo : {};
  const info = isObj(org.orgInfo) ? org.orgInfo : {};
  const field = Array.isArray(signer.signFields) && isObj(signer.signFields[0]) ? signer.signFields[0] : {};
  const cfg = isObj(field.normalSignFieldConfig) ? field.normalSignFieldConfig : {};
  const pos = isObj(cfg.signFieldPosition) ? cfg.signFieldPosition : {};
  if (signers.length !== 1) return '参数错误：沙箱仅支持一个机构签署方';
  if (cfg.autoSign !== true) return '参数错误：沙箱的机构签署方仅支持自动落章（autoSign=true）';
  const name = s(org.orgName);
  const code = s(info.orgIDCardNum).toUpperCase();
  if (name.length < 2 || !USCC.test(code) || s(info.orgIDCardType) !== 'CRED_ORG_USCC') return '参数错误：orgSignerInfo 机构名称或统一社会信用代码不正确';
  if (s(field.fileId) !== fileId) return '参数错误：签署区所在文件不在 docs 中';
  const x = Number(pos.positionX);
  const y = Number(pos.positionY);
  if (s(pos.positionPage) !== '1' || !Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0) return '参数错误：签署区位置不正确（沙箱仅支持第1页）';
  return { name, code, x, y };
}

/** UCS-2 hex of the font's encoding (UniGB-UCS2-H). */
const hex = (t: string) => [...t].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
const n = (v: number) => (Math.round(v * 100) / 100).toString();

/** The demo seal's appearance: a content stream in a SEAL_SIZE square. */
export function demoSealStream(org: string): string {
  const c = SEAL_SIZE / 2;
  const circle = (r: number) => {
    const k = r * 0.5523;
    return `${n(c + r)} ${n(c)} m ${n(c + r)} ${n(c + k)} ${n(c + k)} ${n(c + r)} ${n(c)} ${n(c + r)} c ${n(c - k)} ${n(c + r)} ${n(c - r)} ${n(c + k)} ${n(c - r)} ${n(c)} c ${n(c - r)} ${n(c - k)} ${n(c - k)} ${n(c - r)} ${n(c)} ${n(c - r)} c ${n(c + k)} ${n(c - r)} ${n(c + r)} ${n(c - k)} ${n(c + r)} ${n(c)} c`;
  };
  const ops = ['q 1 1 1 rg', `${circle(c - 1)} f`, '0.8 0.1 0.1 RG 0.8 0.1 0.1 rg 2.4 w', `${circle(c - 2)} S`, '0.6 w', `${circle(c - 6)} S`];
  // the name on the upper arc, each character turned to the tangent, over at most 200° (190° to -10°)
  const chars = [...org].slice(0, 20);
  const size = chars.length > 14 ? 7.5 : 10;
  const span = Math.min(200, chars.length * (size + 1.5) * 2.6);
  chars.forEach((ch, i) => {
    const deg = 90 + span / 2 - (chars.length === 1 ? span / 2 : (span * i) / (chars.length - 1));
    const a = (deg * Math.PI) / 180;
    const r = c - 8 - size;
    const rot = a - Math.PI / 2;
    const [cos, sin] = [Math.cos(rot), Math.sin(rot)];
    const x = c + r * Math.cos(a) - (cos * size) / 2;
    const y = c + r * Math.sin(a) - (sin * size) / 2;
    ops.push(`BT /F1 ${size} Tf ${n(cos)} ${n(sin)} ${n(-sin)} ${n(cos)} ${n(x)} ${n(y)} Tm <${hex(ch)}> Tj ET`);
  });
  const line = (text: string, size: number, y: number) => ops.push(`BT /F1 ${size} Tf ${n(c - ([...text].length * size) / 2)} ${n(y)} Td <${hex(text)}> Tj ET`);
  line('演示印章', 15, c - 6);
  line('非真实签章', 9, c - 22);
  line('e签宝沙箱', 7, c - 34);
  ops.push('Q');
  return ops.join('\n');
}

/** Applies the seal of a waiting org flow: the sealed PDF, the flow completed, its callbacks queued. */
export async function applyAutoSeal(app: FastifyInstance, id: string): Promise<boolean> {
  const f = await app.db.one<{ file_id: string; title: string; org_name: string; seal_x: number; seal_y: number; status: number }>(
    'SELECT file_id, title, org_name, seal_x, seal_y, status FROM sandbox_esign_flows WHERE sign_flow_id = $1 AND signer_type = 1',
    [id],
  );
  if (!f || f.status !== FLOW_STATUS.signing) return false;
  const file = (await app.db.one<{ content: Uint8Array }>('SELECT content FROM sandbox_esign_files WHERE file_id = $1', [f.file_id]))!;
  const now = app.now();
  const ca = await sandboxEsignCa(app);
  const half = SEAL_SIZE / 2;
  const rect: [number, number, number, number] = [f.seal_x - half, f.seal_y - half, f.seal_x + half, f.seal_y + half].map((v) => Math.round(v * 100) / 100) as [
    number,
    number,
    number,
    number,
  ];
  const sealed = await signPdf(
    file.content,
    {
      name: f.org_name,
      reason: `${f.title}（e签宝沙箱 自动盖章：演示印章，非真实签章）`,
      location: 'e签宝（沙箱）',
      at: now,
      appearance: { rect, stream: demoSealStream(f.org_name) },
    },
    (bytes) => signDetached(ca, f.org_name, bytes, now),
  );
  return endFlow(app, id, { status: FLOW_STATUS.completed, description: '签署完成', signedPdf: sealed }, now);
}

/** After an org flow is made: sealed in the background, as e签宝 does, unless held. */
export function scheduleAutoSeal(app: FastifyInstance, id: string) {
  if (held.get(app)) return;
  setImmediate(() => void applyAutoSeal(app, id).catch((err: unknown) => app.log.error({ err }, 'sandbox e签宝 auto seal failed')));
}

export function esignAutoSealSandbox(app: FastifyInstance) {
  orgSealing.set(app, { signer: orgSealSigner, created: (id) => scheduleAutoSeal(app, id) });
  app.post(`${ESIGN_SANDBOX_PREFIX}/autoseal`, async (req) => {
    const hold = s(((req.body ?? {}) as Obj).hold) === '1';
    held.set(app, hold);
    let applied = 0;
    if (!hold) {
      const waiting = await app.db.query<{ sign_flow_id: string }>('SELECT sign_flow_id FROM sandbox_esign_flows WHERE signer_type = 1 AND status = $1', [
        FLOW_STATUS.signing,
      ]);
      for (const w of waiting) if (await applyAutoSeal(app, w.sign_flow_id)) applied++;
    }
    return { hold, applied };
  });
}
