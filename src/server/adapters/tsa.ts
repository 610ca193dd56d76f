/**
 * A trusted timestamp for each worker signature (issue 29 item 2): an RFC 3161 client over HTTP
 * (RFC 3161 §3.4) and the check of a token kept with a signature. The request carries a SHA-256
 * imprint, a random nonce and certReq; the reply counts only when granted, echoing the nonce and the
 * imprint, and signed by a certificate equal to one of the configured ones (config.ts TSA_CERT_FILE):
 * a token nobody can check later is worth nothing, so anything less is TsaUnavailable.
 */
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certPem, checkToken, OID, pemCertificates, subjectLabel } from './tsa-token';

export interface TsaConfig {
  url: string;
  /** PEM certificate(s) trusted as the TSA's signer */
  trustedPem: string;
}

export interface Timestamp {
  /** DER TimeStampToken (the ContentInfo with SignedData) */
  token: Buffer;
  genTime: Date;
  /** hex */
  serial: string;
  /** the signer cert's subject CN/O, readable */
  tsa: string;
  /** the signer's cert */
  certPem: string;
}

/** Network, HTTP error, status not granted, malformed reply, nonce or imprint mismatch, an untrusted signer. */
export class TsaUnavailable extends Error {}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const DEFAULT_TIMEOUT_MS = 10_000;
const GRANTED = [pkijs.PKIStatus.granted, pkijs.PKIStatus.grantedWithMods];

/** A DER TimeStampReq v1 for a SHA-256 digest, asking for the TSA's certificate. */
export function timeStampQuery(sha256: Buffer, nonce: bigint): Buffer {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(sha256) }),
    }),
    nonce: asn1js.Integer.fromBigInt(nonce),
    certReq: true,
  });
  return Buffer.from(req.toSchema().toBER());
}

/** The status and the token's own bytes of a DER TimeStampResp (the token as sent: re-encoding could break its signature). */
export function readReply(der: Uint8Array): { status: number; text: string; token: Buffer | null } {
  const parsed = asn1js.fromBER(new Uint8Array(der));
  if (parsed.offset === -1) throw new Error('not DER');
  const resp = new pkijs.TimeStampResp({ schema: parsed.result });
  const text = (resp.status.statusStrings ?? []).map((s) => s.valueBlock.value).join('；');
  const tokenBlock = (parsed.result as asn1js.Sequence).valueBlock.value[1];
  return { status: resp.status.status, text, token: tokenBlock ? Buffer.from(tokenBlock.valueBeforeDecodeView) : null };
}

export function tsaClient(cfg: TsaConfig, opts: { fetch?: Fetch; timeoutMs?: number } = {}): { stamp(sha256: Buffer): Promise<Timestamp> } {
  const send = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const trusted = pemCertificates(cfg.trustedPem);
  if (trusted.length === 0) throw new Error('TsaConfig.trustedPem holds no certificate');

  async function post(body: Buffer): Promise<Buffer> {
    let res: Response;
    try {
      res = await send(cfg.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new TsaUnavailable(`时间戳服务返回 HTTP ${res.status}`);
      if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith('application/timestamp-reply'))
        throw new TsaUnavailable('时间戳服务的应答不是 application/timestamp-reply');
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if (err instanceof TsaUnavailable) throw err;
      throw new TsaUnavailable(`无法连接时间戳服务：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  return {
    async stamp(sha256) {
      if (sha256.length !== 32) throw new TypeError('stamp() takes a SHA-256 digest (32 bytes)');
      // 63 random bits: a positive INTEGER of 8 bytes at most
      const nonce = randomBytes(8).readBigUInt64BE() >> 1n;
      const der = await post(timeStampQuery(sha256, nonce));
      let reply: ReturnType<typeof readReply>;
      try {
        reply = readReply(der);
      } catch {
        throw new TsaUnavailable('时间戳服务的应答格式无效');
      }
      if (!GRANTED.includes(reply.status) || !reply.token)
        throw new TsaUnavailable(`时间戳服务拒绝了请求（状态 ${reply.status}${reply.text ? `：${reply.text}` : ''}）`);
      const check = await checkToken(reply.token, sha256, trusted);
      if (!check.ok) throw new TsaUnavailable(`时间戳服务的应答无效：${check.reason}`);
      if (check.tst.nonce?.toBigInt() !== nonce) throw new TsaUnavailable('时间戳服务的应答无效：随机数（nonce）不一致');
      return {
        token: reply.token,
        genTime: check.tst.genTime,
        serial: check.tst.serialNumber.toBigInt().toString(16),
        tsa: subjectLabel(check.cert),
        certPem: certPem(check.cert),
      };
    },
  };
}

/** Whether a kept token stamps `sha256` and was signed by one of the trusted certificates. */
export async function verifyTimestamp(
  token: Buffer,
  sha256: Buffer,
  trustedPem: string,
): Promise<{ ok: true; genTime: Date; serial: string; tsa: string } | { ok: false; reason: string }> {
  let trusted: pkijs.Certificate[];
  try {
    trusted = pemCertificates(trustedPem);
  } catch {
    trusted = [];
  }
  if (trusted.length === 0) return { ok: false, reason: '未配置受信任的时间戳机构证书' };
  const check = await checkToken(token, sha256, trusted);
  if (!check.ok) return check;
  return { ok: true, genTime: check.tst.genTime, serial: check.tst.serialNumber.toBigInt().toString(16), tsa: subjectLabel(check.cert) };
}
