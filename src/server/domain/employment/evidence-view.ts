/**
 * 签署证据 for HR (issue 29 item 2): a task worker's latest signature as kept in sign_evidence,
 * with the checks made again when the page is opened — the agreement file in storage still
 * hashes to what was signed, the stored 签署记录 still hashes to what was timestamped, the
 * timestamp verifies against the trusted TSA certificate, and (signed at e签宝) the signed file
 * kept still hashes to what e签宝 delivered — and the evidence package (.zip) a company hands to
 * an arbitration: everything needed to check it without us (openssl, sha256sum, a PDF reader).
 */
import JSZip from 'jszip';
import type { EvidenceCheck, SignEvidenceData } from '../../../contract/sign-evidence';
import { verifyTimestamp } from '../../adapters/tsa';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { MSG_EVIDENCE_PURGED } from '../accounts/retention-rules';
import { fmtDateTime } from '../../lib/time';
import { fileSha256 } from './agreements';
import type { ObjectStore } from './media';
import { parseRecord, REALNAME_METHOD_TEXT, sha256 } from './sign-record';
import type { TimestampService } from './sign-evidence';
import { AGREEMENT_MAX_BYTES } from '../../../contract/employment';

interface EvidenceRow {
  id: number;
  task_worker_id: number;
  agreement_bucket: string;
  agreement_key: string;
  agreement_sha256: string;
  record: string;
  record_sha256: string;
  tsa_token: Buffer;
  tsa_serial: string;
  tsa_time: Date;
  tsa_name: string;
  tsa_cert: string;
  ip: string;
  user_agent: string;
  intent_sent_at: Date;
  intent_verified_at: Date;
  signed_at: Date;
  sign_flow_id: string | null;
  signed_sha256: string | null;
  company_id: number;
}
const COLS = `id, task_worker_id, agreement_bucket, agreement_key, agreement_sha256, record, record_sha256, tsa_token, tsa_serial, tsa_time,
              tsa_name, tsa_cert, ip, user_agent, intent_sent_at, intent_verified_at, signed_at, sign_flow_id, signed_sha256, company_id`;

/** The signed PDF e签宝 delivered for a signature, as kept (sign_evidence_files); null: none. */
export async function signedFile(db: Db, companyId: number, evidenceId: number): Promise<{ file_name: string; sha256: string; content: Buffer } | null> {
  const f = await db.one<{ file_name: string; sha256: string; content: Uint8Array }>(
    'SELECT file_name, sha256, content FROM sign_evidence_files WHERE company_id = $1 AND evidence_id = $2',
    [companyId, evidenceId],
  );
  // a bytea reads back as a Uint8Array on PGlite
  return f ? { ...f, content: Buffer.from(f.content) } : null;
}

export const MSG_NO_EVIDENCE = '该人员暂无签署证据';

/** The timestamp checked against the configured TSA's certificate (never the one stored beside it). */
export async function timestampCheck(tsa: TimestampService | null, token: Buffer, recordSha256: string): Promise<EvidenceCheck> {
  if (!tsa) return { ok: false, detail: '未配置受信任的时间戳服务，无法校验' };
  const v = await verifyTimestamp(token, Buffer.from(recordSha256, 'hex'), await tsa.trustedPem());
  return v.ok ? { ok: true, detail: `由 ${v.tsa} 签发于 ${fmtDateTime(v.genTime)}，签名有效` } : { ok: false, detail: v.reason };
}

async function checks(db: Db, store: Pick<ObjectStore, 'read'>, tsa: TimestampService | null, e: EvidenceRow): Promise<SignEvidenceData['checks']> {
  const fileSha = await fileSha256(db, store, e.agreement_bucket, e.agreement_key);
  const signed = e.signed_sha256 ? await signedFile(db, e.company_id, e.id) : null;
  const signedSha = signed && sha256(signed.content).toString('hex');
  return {
    signed_file: !e.signed_sha256
      ? null
      : !signed
        ? { ok: false, detail: '签署后文件不在存档中' }
        : signedSha === e.signed_sha256
          ? { ok: true, detail: '存档的签署后文件与 e签宝 交付时一致' }
          : { ok: false, detail: `签署后文件已被修改（现摘要 ${signedSha!.slice(0, 16)}…）` },
    agreement_file: !fileSha
      ? { ok: false, detail: '协议文件已不在存储中' }
      : fileSha === e.agreement_sha256
        ? { ok: true, detail: '存储中的协议文件与签署时一致' }
        : { ok: false, detail: `协议文件已被修改（现摘要 ${fileSha.slice(0, 16)}…）` },
    record:
      sha256(e.record).toString('hex') === e.record_sha256
        ? { ok: true, detail: '签署记录与时间戳所证明的摘要一致' }
        : { ok: false, detail: '签署记录已被修改' },
    timestamp: await timestampCheck(tsa, e.tsa_token, e.record_sha256),
  };
}

/** The latest signature of one of the company's task workers, re-checked now. */
export async function signEvidence(
  db: Db,
  store: Pick<ObjectStore, 'read'>,
  tsa: TimestampService | null,
  companyId: number,
  taskWorkerId: number,
): Promise<SignEvidenceData> {
  const e = await db.one<EvidenceRow>(
    `SELECT ${COLS} FROM sign_evidence WHERE task_worker_id = $1 AND company_id = $2 ORDER BY signed_at DESC, id DESC LIMIT 1`,
    [taskWorkerId, companyId],
  );
  if (!e) {
    // deleted by retention (5 years after the engagement ended): say so (docs/pii.md "Retention")
    const purged = await db.one('SELECT 1 FROM flex_task_workers WHERE id = $1 AND company_id = $2 AND evidence_purged_at IS NOT NULL', [
      taskWorkerId,
      companyId,
    ]);
    throw notFound(purged ? MSG_EVIDENCE_PURGED : MSG_NO_EVIDENCE);
  }
  const r = parseRecord(e.record);
  return {
    id: e.id,
    task: r.task,
    company_name: r.company.name,
    signer: { name: r.signer.name, id_mask: r.signer.id_mask, mobile_mask: r.signer.mobile_mask },
    agreement: { id: r.agreement.id, name: r.agreement.name, version: r.agreement.version, file_name: r.agreement.file_name, sha256: e.agreement_sha256 },
    realname: r.realname && {
      provider: r.realname.provider === 'esign' ? 'e签宝' : r.realname.provider,
      method: REALNAME_METHOD_TEXT[r.realname.method] ?? r.realname.method,
      result: r.realname.result === 'consistent' ? '一致' : '不一致',
      verify_id: r.realname.verify_id,
      checked_at: fmtDateTime(new Date(r.realname.checked_at)),
    },
    intent: { method: '短信验证码', mobile_mask: r.intent.mobile_mask, sent_at: fmtDateTime(e.intent_sent_at), verified_at: fmtDateTime(e.intent_verified_at) },
    record_sha256: e.record_sha256,
    timestamp: { tsa: e.tsa_name, serial: e.tsa_serial, time: fmtDateTime(e.tsa_time) },
    ip: e.ip,
    user_agent: e.user_agent,
    signed_at: fmtDateTime(e.signed_at),
    sign_flow:
      r.sign_flow && e.signed_sha256
        ? {
            provider: r.sign_flow.provider === 'esign' ? 'e签宝' : r.sign_flow.provider,
            sign_flow_id: r.sign_flow.sign_flow_id,
            signed_sha256: e.signed_sha256,
            signed_file_name: r.sign_flow.signed_file_name,
            willingness: r.sign_flow.willingness === 'CODE_SMS' ? 'e签宝 短信验证码' : r.sign_flow.willingness,
          }
        : null,
    checks: await checks(db, store, tsa, e),
  };
}

const README = (e: EvidenceRow, origin: string) => {
  const flow = !!e.signed_sha256;
  return `签署证据包（${fmtDateTime(e.signed_at)} 签署）

签署记录.json      签署记录原文：协议名称与版本、协议文件 SHA-256、签署人（脱敏）、实名认证、短信意愿认证、IP、浏览器、签署时间${
    flow ? '，以及 e签宝 签署流程与签署后文件的 SHA-256' : ''
  }
签署记录.tsr       可信时间戳（RFC 3161 TimeStampToken，DER 编码），覆盖签署记录.json 的 SHA-256
时间戳机构证书.pem  签发该时间戳的机构证书
协议原文.pdf        签署的协议文件（签署前）${flow ? '\n签署后文件.pdf      e签宝 签署流程交付的已签署文件（含签署人的电子签名）' : ''}

自行校验（无需本平台）：
1. 协议文件未被修改：sha256sum 协议原文.pdf
   应为 ${e.agreement_sha256}（与签署记录.json 中 agreement.sha256 一致）
2. 签署记录未被修改：sha256sum 签署记录.json
   应为 ${e.record_sha256}
3. 时间戳有效：openssl ts -verify -token_in -in 签署记录.tsr -data 签署记录.json -CAfile 时间戳机构证书.pem
   应输出 Verification: OK${
     flow
       ? `
4. 签署后文件未被修改：sha256sum 签署后文件.pdf
   应为 ${e.signed_sha256}（与签署记录.json 中 sign_flow.signed_file_sha256 一致）；
   用 PDF 阅读器打开可查看其中的电子签名（e签宝 流程 ${e.sign_flow_id}）`
       : ''
   }
${flow ? 5 : 4}. 在线校验：${origin}/m/verify （选择协议原文、签署后文件或签署记录，文件仅在本机计算摘要）
`;
};

/** The evidence package of one of the company's signatures, as a .zip. */
export async function evidencePackage(db: Db, store: Pick<ObjectStore, 'read'>, companyId: number, id: number, origin: string) {
  const e = await db.one<EvidenceRow>(`SELECT ${COLS} FROM sign_evidence WHERE id = $1 AND company_id = $2`, [id, companyId]);
  if (!e) throw notFound(MSG_NO_EVIDENCE);
  const zip = new JSZip();
  const date = new Date('2000-01-01T00:00:00Z');
  zip.file('签署记录.json', e.record, { date });
  zip.file('签署记录.tsr', e.tsa_token, { date });
  zip.file('时间戳机构证书.pem', e.tsa_cert, { date });
  const file = await store.read(db, e.agreement_bucket, e.agreement_key, AGREEMENT_MAX_BYTES + 1);
  if (file && file.head.length === file.size) zip.file('协议原文.pdf', file.head, { date });
  const signed = e.signed_sha256 ? await signedFile(db, companyId, e.id) : null;
  if (signed) zip.file('签署后文件.pdf', signed.content, { date });
  zip.file('校验说明.txt', README(e, origin), { date });
  const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { filename: `签署证据_${e.id}.zip`, content_base64: content.toString('base64') };
}

/** The signed PDF of one of the company's signatures made at e签宝, for download. */
export async function signedFileExport(db: Db, companyId: number, id: number) {
  const f = await signedFile(db, companyId, id);
  if (!f) throw notFound('该签署没有 e签宝 签署后文件');
  return { filename: f.file_name, content_base64: f.content.toString('base64') };
}
