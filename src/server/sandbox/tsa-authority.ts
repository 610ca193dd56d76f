/**
 * The demo time-stamping authority's protocol half (sandbox/tsa.ts keeps its key and serials):
 * an ECDSA P-256 key with a self-signed certificate fit for RFC 3161 (extendedKeyUsage timeStamping
 * alone and critical, keyUsage digitalSignature/nonRepudiation: what OpenSSL's `ts -verify` checks),
 * and the TimeStampResp to a DER TimeStampReq — granted with a token, or a rejection naming the
 * PKIFailureInfo RFC 3161 §2.4.2 gives for what is wrong with the request.
 */
import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certDer, certPem, OID, pemCertificates } from '../adapters/tsa-token';

export interface TsaIdentity {
  key: webcrypto.CryptoKey;
  cert: pkijs.Certificate;
  keyPem: string;
  certPem: string;
}

/** A test policy id, as OpenSSL's sample TSA configuration uses (tsa_policy1). */
export const SANDBOX_TSA_POLICY = '1.2.3.4.1';
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const YEAR_MS = 365 * 24 * 3600_000;
const subtle = () => globalThis.crypto.subtle;

// one attribute per RDN, read back from DER (pkijs would put all three into one multi-valued RDN)
const name = () =>
  pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({
      value: (
        [
          ['2.5.4.6', new asn1js.PrintableString({ value: 'CN' })],
          ['2.5.4.10', new asn1js.Utf8String({ value: 'HR Console' })],
          ['2.5.4.3', new asn1js.Utf8String({ value: 'HR Console 沙箱时间戳服务' })],
        ] as const
      ).map(([type, value]) => new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] })),
    }).toBER(),
  );
// UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5)
const time = (d: Date) => new pkijs.Time({ type: d.getUTCFullYear() < 2050 ? 0 : 1, value: d });
const ext = (extnID: string, critical: boolean, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) => {
  const schema = 'toSchema' in value ? value.toSchema() : value;
  return new pkijs.Extension({ extnID, critical, extnValue: schema.toBER() });
};
const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').trimEnd()}\n-----END ${label}-----\n`;
const positive = (n: number) => asn1js.Integer.fromBigInt(BigInt(`0x${randomBytes(n).toString('hex')}`) >> 1n);

/** A new key and its self-signed certificate, valid from a year before `now` for twenty years. */
export async function createIdentity(now: Date): Promise<TsaIdentity> {
  const pair = (await subtle().generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = new pkijs.Certificate({ version: 2, serialNumber: positive(16), issuer: name(), subject: name() });
  cert.notBefore = time(new Date(now.getTime() - YEAR_MS));
  cert.notAfter = time(new Date(now.getTime() + 20 * YEAR_MS));
  await cert.subjectPublicKeyInfo.importKey(pair.publicKey);
  cert.extensions = [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
    // digitalSignature and nonRepudiation: bits 0 and 1
    ext('2.5.29.15', true, new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 })),
    ext('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] })),
    ext(
      '2.5.29.14',
      false,
      new asn1js.OctetString({ valueHex: createHash('sha1').update(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest() }),
    ),
  ];
  await cert.sign(pair.privateKey, 'SHA-256');
  const keyPem = pem('PRIVATE KEY', await subtle().exportKey('pkcs8', pair.privateKey));
  return { key: pair.privateKey, cert, keyPem, certPem: certPem(cert) };
}

/** The identity kept as PEM (sandbox_tsa_keys). */
export async function loadIdentity(keyPem: string, certPemText: string): Promise<TsaIdentity> {
  const der = Buffer.from(keyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
  const key = await subtle().importKey('pkcs8', new Uint8Array(der), EC, false, ['sign']);
  return { key, cert: pemCertificates(certPemText)[0]!, keyPem, certPem: certPemText };
}

/** PKIFailureInfo (RFC 3161 §2.4.2): the bit of each reason. */
export const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16 } as const;
const HASH_LENGTHS: Record<string, number> = { [OID.sha256]: 32, '2.16.840.1.101.3.4.2.2': 48, '2.16.840.1.101.3.4.2.3': 64 };

function rejection(bit: number, text: string): Buffer {
  const bits = new Uint8Array((bit >> 3) + 1);
  bits[bit >> 3] = 0x80 >> (bit & 7);
  const status = new pkijs.PKIStatusInfo({
    status: pkijs.PKIStatus.rejection,
    statusStrings: [new asn1js.Utf8String({ value: text })],
    failInfo: new asn1js.BitString({ valueHex: bits, unusedBits: 7 - (bit & 7) }),
  });
  return Buffer.from(new pkijs.TimeStampResp({ status }).toSchema().toBER());
}

const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
const seq = (...value: asn1js.AsnType[]) => new asn1js.Sequence({ value });

/**
 * The TimeStampResp to a DER request: the token stamps the request's imprint at `now` (whole
 * seconds, accuracy 1 s) with serial `serial()`, echoes its nonce, and carries the certificate when
 * asked (certReq). A request that is not one, or asks what this TSA does not do, is rejected.
 */
export async function answerQuery(id: TsaIdentity, body: Uint8Array, now: Date, serial: () => Promise<bigint>): Promise<Buffer> {
  let req: pkijs.TimeStampReq;
  try {
    req = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
  } catch {
    return rejection(FAIL.badDataFormat, '请求不是有效的 RFC 3161 时间戳请求');
  }
  if (req.version !== 1) return rejection(FAIL.badRequest, '仅支持版本 1 的时间戳请求');
  const imprint = req.messageImprint;
  if (HASH_LENGTHS[imprint.hashAlgorithm.algorithmId] !== imprint.hashedMessage.valueBlock.valueHexView.length)
    return rejection(FAIL.badAlg, '仅支持 SHA-256、SHA-384、SHA-512 摘要');
  if (req.reqPolicy && req.reqPolicy !== SANDBOX_TSA_POLICY) return rejection(FAIL.unacceptedPolicy, `仅支持策略 ${SANDBOX_TSA_POLICY}`);
  if (req.extensions?.length) return rejection(FAIL.unacceptedExtension, '不支持请求扩展');

  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: SANDBOX_TSA_POLICY,
    messageImprint: imprint,
    serialNumber: asn1js.Integer.fromBigInt(await serial()),
    genTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(req.nonce ? { nonce: req.nonce } : {}),
  });
  const eContent = tst.toSchema().toBER();
  const sha256 = (data: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(data)).digest();
  // ESSCertIDv2 with the default hash (SHA-256), so no AlgorithmIdentifier
  const ess = seq(seq(seq(new asn1js.OctetString({ valueHex: sha256(certDer(id.cert)) }))));
  const attrs = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.tstInfo })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: sha256(eContent) })),
    attribute(OID.signingCertificateV2, ess),
  ];
  // DER: a SET OF in the order of its encodings
  attrs.sort((a, b) => Buffer.compare(Buffer.from(a.toSchema().toBER()), Buffer.from(b.toSchema().toBER())));
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.tstInfo, eContent: new asn1js.OctetString({ valueHex: eContent }) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: id.cert.issuer, serialNumber: id.cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: attrs }),
      }),
    ],
    ...(req.certReq ? { certificates: [id.cert] } : {}),
  });
  await signed.sign(id.key, 0, 'SHA-256');
  const token = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(
    new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }), timeStampToken: token }).toSchema().toBER(),
  );
}
