/**
 * 签署证据 for HR (issue 29 item 2): a task worker's latest signature as kept in sign_evidence,
 * with three checks made again when the page is opened — the agreement file in storage still
 * hashes to what was signed, the stored 签署记录 still hashes to what was timestamped, and the
 * timestamp verifies against the trusted TSA certificate — and the evidence package (.zip) a
 * company hands to an arbitration: everything needed to check it without us (openssl, sha256sum).
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
}
const COLS = `id, task_worker_id, agreement_bucket, agreement_key, agreement_sha256, record, record_sha256, tsa_token, tsa_serial, tsa_time,
              tsa_name, tsa_cert, ip, user_agent, intent_sent_at, intent_verified_at, signed_at`;

export const MSG_NO_EVIDENCE = '该人员暂无签署证据';

/** The timestamp checked against the configured TSA's certificate (never the one stored beside it). */
export async function timestampCheck(tsa: TimestampService | null, token: Buffer, recordSha256: string): Promise<EvidenceCheck> {
  if (!tsa) return { ok: false, detail: '未配置受信任的时间戳服务，无法校验' };
  const v = await verifyTimestamp(token, Buffer.from(recordSha256, 'hex'), await tsa.trustedPem());
  return v.ok ? { ok: true, detail: `由 ${v.tsa} 签发于 ${fmtDateTime(v.genTime)}，签名有效` } : { ok: false, detail: v.reason };
}

async function checks(db: Db, store: Pick<ObjectStore, 'read'>, tsa: TimestampService | null, e: EvidenceRow): Promise<SignEvidenceData['checks']> {
  const fileSha = await fileSha256(db, store, e.agreement_bucket, e.agreement_key);
  return {
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
    checks: await checks(db, store, tsa, e),
  };
}

const README = (e: EvidenceRow, origin: string) => `签署证据包（${fmtDateTime(e.signed_at)} 签署）

签署记录.json      签署记录原文：协议名称与版本、协议文件 SHA-256、签署人（脱敏）、实名认证、短信意愿认证、IP、浏览器、签署时间
签署记录.tsr       可信时间戳（RFC 3161 TimeStampToken，DER 编码），覆盖签署记录.json 的 SHA-256
时间戳机构证书.pem  签发该时间戳的机构证书
协议原文.pdf        签署的协议文件

自行校验（无需本平台）：
1. 协议文件未被修改：sha256sum 协议原文.pdf
   应为 ${e.agreement_sha256}（与签署记录.json 中 agreement.sha256 一致）
2. 签署记录未被修改：sha256sum 签署记录.json
   应为 ${e.record_sha256}
3. 时间戳有效：openssl ts -verify -token_in -in 签署记录.tsr -data 签署记录.json -CAfile 时间戳机构证书.pem
   应输出 Verification: OK
4. 在线校验：${origin}/m/verify （选择协议原文或签署记录，文件仅在本机计算摘要）
`;

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
  zip.file('校验说明.txt', README(e, origin), { date });
  const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { filename: `签署证据_${e.id}.zip`, content_base64: content.toString('base64') };
}
