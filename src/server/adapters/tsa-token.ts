/**
 * RFC 3161 time-stamp tokens: reading one and checking it against a SHA-256 and trusted
 * certificates (adapters/tsa.ts). pkijs's SignedData.verify wants the stamped data itself for a
 * TSTInfo, and we hold only its digest, so its steps are taken here with pkijs's parts: the
 * imprint, the signer's certificate, the ESS signing-certificate attribute (RFC 3161 §2.4.1 requires
 * it; OpenSSL refuses a token without it), the message digest, the signature over the attributes.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

export const MSG_TS_MALFORMED = '时间戳格式无效';
export const MSG_TS_DIGEST = '摘要不一致';
export const MSG_TS_SIGNATURE = '时间戳签名无效';
export const MSG_TS_UNTRUSTED = '非受信任的时间戳机构';
export const MSG_TS_VALIDITY = '时间戳机构证书不在有效期内';

/** node:crypto's name of a pkijs hash name (`SHA-256` → `sha256`). */
const nodeHash = (name: string) => name.replace('-', '').toLowerCase();
const digest = (alg: string, data: Uint8Array) => createHash(alg).update(data).digest();
const bytes = (v: { valueBlock: { valueHexView: Uint8Array } }) => Buffer.from(v.valueBlock.valueHexView);

export const certDer = (c: pkijs.Certificate) => Buffer.from(c.toSchema().toBER());
export const certPem = (c: pkijs.Certificate) =>
  `-----BEGIN CERTIFICATE-----\n${certDer(c).toString('base64').replace(/.{64}/g, '$&\n').trimEnd()}\n-----END CERTIFICATE-----\n`;

/** The certificates of a PEM text, in its order; a malformed one throws. */
export function pemCertificates(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => pkijs.Certificate.fromBER(new Uint8Array(Buffer.from(b.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'))));
}

/** The subject as a person reads it: CN（O）, or whichever of the two it has. */
export function subjectLabel(c: pkijs.Certificate): string {
  const get = (oid: string) =>
    (c.subject.typesAndValues.find((t) => t.type === oid)?.value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock?.value;
  const [cn, o] = [get('2.5.4.3'), get('2.5.4.10')].map((v) => (typeof v === 'string' && v ? v : null));
  if (cn && o && !cn.includes(o)) return `${cn}（${o}）`;
  return cn ?? o ?? '未知时间戳机构';
}

export interface ParsedToken {
  signed: pkijs.SignedData;
  tst: pkijs.TSTInfo;
}

/** The SignedData and TSTInfo of a DER TimeStampToken; throws when it is not one. */
export function parseToken(der: Uint8Array): ParsedToken {
  const ci = pkijs.ContentInfo.fromBER(new Uint8Array(der));
  if (ci.contentType !== OID.signedData) throw new Error('not SignedData');
  const signed = new pkijs.SignedData({ schema: ci.content });
  const e = signed.encapContentInfo;
  if (e.eContentType !== OID.tstInfo || !e.eContent) throw new Error('not a TSTInfo');
  return { signed, tst: pkijs.TSTInfo.fromBER(e.eContent.getValue()) };
}

/** The certificate among `certs` that the signer info names (issuer and serial, or key id). */
function signerOf(si: pkijs.SignerInfo, certs: pkijs.Certificate[]): pkijs.Certificate | undefined {
  const sid = si.sid as pkijs.IssuerAndSerialNumber | asn1js.Constructed | asn1js.Primitive;
  if (sid instanceof pkijs.IssuerAndSerialNumber) return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  const keyId = sid instanceof asn1js.Constructed ? bytes(sid.valueBlock.value[0] as asn1js.OctetString) : bytes(sid as asn1js.Primitive);
  return certs.find((c) => digest('sha1', c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).equals(keyId));
}

type Attrs = pkijs.Attribute[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pkijs types attribute values as any
const attr = (attrs: Attrs, oid: string): any => attrs.find((a) => a.type === oid)?.values[0];

/** The ESS signing-certificate attribute (v2, or v1 with SHA-1) names this certificate by its hash. */
function essNames(attrs: Attrs, der: Buffer): boolean {
  const v2 = attr(attrs, OID.signingCertificateV2);
  const ess = v2 ?? attr(attrs, OID.signingCertificate);
  const id = ess?.valueBlock?.value?.[0]?.valueBlock?.value?.[0]?.valueBlock?.value as asn1js.AsnType[] | undefined;
  if (!id?.length) return false;
  let alg = v2 ? 'sha256' : 'sha1';
  let hash = id[0];
  if (v2 && hash instanceof asn1js.Sequence) {
    const oid = (hash.valueBlock.value[0] as asn1js.ObjectIdentifier).getValue();
    alg = nodeHash(pkijs.getCrypto(true).getAlgorithmByOID<{ name: string }>(oid, true).name);
    hash = id[1]!;
  }
  return hash instanceof asn1js.OctetString && digest(alg, der).equals(bytes(hash));
}

/** The signed attributes hold (content type, message digest, ESS) and the signature over them verifies. */
async function signatureHolds({ signed }: ParsedToken, si: pkijs.SignerInfo, cert: pkijs.Certificate): Promise<boolean> {
  const attrs = si.signedAttrs?.attributes;
  if (!attrs) return false;
  if ((attr(attrs, OID.contentType) as asn1js.ObjectIdentifier | undefined)?.getValue?.() !== OID.tstInfo) return false;
  const engine = pkijs.getCrypto(true);
  const hashName = engine.getAlgorithmByOID<{ name: string }>(si.digestAlgorithm.algorithmId, true).name;
  const md = attr(attrs, OID.messageDigest) as asn1js.OctetString | undefined;
  if (!md || !digest(nodeHash(hashName), new Uint8Array(signed.encapContentInfo.eContent!.getValue())).equals(bytes(md))) return false;
  if (!essNames(attrs, certDer(cert))) return false;
  // plain rsaEncryption names no hash: the digest algorithm's, as pkijs does
  const sha = si.signatureAlgorithm.algorithmId === OID.rsaEncryption ? hashName : undefined;
  return engine.verifyWithPublicKey(si.signedAttrs!.encodedValue, si.signature, cert.subjectPublicKeyInfo, si.signatureAlgorithm, sha);
}

export type TokenCheck = { ok: true; tst: pkijs.TSTInfo; cert: pkijs.Certificate } | { ok: false; reason: string };

/** Whether `der` is a valid token over `sha256`, signed by one of the `trusted` certificates. */
export async function checkToken(der: Uint8Array, sha256: Buffer, trusted: pkijs.Certificate[]): Promise<TokenCheck> {
  const fail = (reason: string) => ({ ok: false as const, reason });
  let token: ParsedToken;
  try {
    token = parseToken(der);
  } catch {
    return fail(MSG_TS_MALFORMED);
  }
  const { signed, tst } = token;
  const imprint = tst.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256 || !bytes(imprint.hashedMessage).equals(sha256)) return fail(MSG_TS_DIGEST);
  const si = signed.signerInfos[0];
  if (signed.signerInfos.length !== 1 || !si) return fail(MSG_TS_SIGNATURE);
  // the token's own certificate first (certReq), else a trusted one it names
  const inToken = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const cert = signerOf(si, [...inToken, ...trusted]);
  if (!cert) return fail(MSG_TS_SIGNATURE);
  const der0 = certDer(cert);
  if (!trusted.some((t) => certDer(t).equals(der0))) return fail(MSG_TS_UNTRUSTED);
  try {
    if (!(await signatureHolds(token, si, cert))) return fail(MSG_TS_SIGNATURE);
  } catch {
    return fail(MSG_TS_SIGNATURE);
  }
  if (tst.genTime < cert.notBefore.value || tst.genTime > cert.notAfter.value) return fail(MSG_TS_VALIDITY);
  return { ok: true, tst, cert };
}
