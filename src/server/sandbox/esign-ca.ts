/**
 * The demo e签宝's certificate authority (sandbox/esign-flows.ts): a self-signed "e签宝 CA" (ECDSA
 * P-256) kept in sandbox_esign_ca as the TSA keeps its key (sandbox/tsa.ts) — signatures it made
 * must stay verifiable after a restart — and, for each signature, a one-time signer certificate
 * it issues in the signer's name (an "事件证书", as e签宝 issues one per signing event), whose key
 * makes the CMS/PKCS#7 detached signature (RFC 5652) over a PDF's ByteRange (esign-pdf.ts).
 * `openssl cms -verify -binary -inform DER -in sig.der -content signed.bin -CAfile ca.pem
 * -purpose any` checks one.
 */
import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certPem, OID, pemCertificates } from '../adapters/tsa-token';

export interface CaIdentity {
  key: webcrypto.CryptoKey;
  cert: pkijs.Certificate;
  certPem: string;
}

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const YEAR_MS = 365 * 24 * 3600_000;
const OID_DATA = '1.2.840.113549.1.7.1';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const subtle = () => globalThis.crypto.subtle;

// one attribute per RDN, read back from DER (pkijs would put all of them into one multi-valued RDN)
const dn = (cn: string) =>
  pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({
      value: (
        [
          ['2.5.4.6', new asn1js.PrintableString({ value: 'CN' })],
          ['2.5.4.10', new asn1js.Utf8String({ value: 'e签宝（沙箱）' })],
          ['2.5.4.3', new asn1js.Utf8String({ value: cn })],
        ] as const
      ).map(([type, value]) => new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] })),
    }).toBER(),
  );
// UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5)
const time = (d: Date) => new pkijs.Time({ type: d.getUTCFullYear() < 2050 ? 0 : 1, value: d });
const ext = (extnID: string, critical: boolean, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) =>
  new pkijs.Extension({ extnID, critical, extnValue: ('toSchema' in value ? value.toSchema() : value).toBER() });
const positive = (n: number) => asn1js.Integer.fromBigInt(BigInt(`0x${randomBytes(n).toString('hex')}`) >> 1n);
const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').trimEnd()}\n-----END ${label}-----\n`;
const keyId = (c: pkijs.Certificate) => createHash('sha1').update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();

async function certificate(o: {
  subject: string;
  issuer: pkijs.Certificate | null;
  signWith: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
  from: Date;
  to: Date;
  ca: boolean;
}): Promise<pkijs.Certificate> {
  const subject = dn(o.subject);
  const cert = new pkijs.Certificate({ version: 2, serialNumber: positive(16), issuer: o.issuer?.subject ?? subject, subject });
  cert.notBefore = time(o.from);
  cert.notAfter = time(o.to);
  await cert.subjectPublicKeyInfo.importKey(o.publicKey);
  cert.extensions = [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: o.ca })),
    // CA: keyCertSign, cRLSign (bits 5, 6); signer: digitalSignature, nonRepudiation (bits 0, 1)
    ext('2.5.29.15', true, new asn1js.BitString({ valueHex: new Uint8Array([o.ca ? 0x06 : 0xc0]), unusedBits: o.ca ? 1 : 6 })),
    ext('2.5.29.14', false, new asn1js.OctetString({ valueHex: keyId(cert) })),
    ...(o.issuer ? [ext('2.5.29.35', false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: keyId(o.issuer) }) }))] : []),
  ];
  await cert.sign(o.signWith, 'SHA-256');
  return cert;
}

async function createCa(now: Date): Promise<{ keyPem: string; certPem: string }> {
  const pair = (await subtle().generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await certificate({
    subject: 'e签宝（沙箱）电子签名 CA',
    issuer: null,
    signWith: pair.privateKey,
    publicKey: pair.publicKey,
    from: new Date(now.getTime() - YEAR_MS),
    to: new Date(now.getTime() + 20 * YEAR_MS),
    ca: true,
  });
  return { keyPem: pem('PRIVATE KEY', await subtle().exportKey('pkcs8', pair.privateKey)), certPem: certPem(cert) };
}

// per server: a restarted server reads the key back from its database
const cas = new WeakMap<FastifyInstance, Promise<CaIdentity>>();

async function readOrCreate(app: FastifyInstance): Promise<CaIdentity> {
  const read = () => app.db.one<{ key_pem: string; cert_pem: string }>('SELECT key_pem, cert_pem FROM sandbox_esign_ca WHERE id = 1');
  let row = await read();
  if (!row) {
    const made = await createCa(app.now());
    // another server of this database may have made one first: its key wins
    await app.db.query('INSERT INTO sandbox_esign_ca (id, key_pem, cert_pem) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [made.keyPem, made.certPem]);
    row = (await read())!;
  }
  const der = Buffer.from(row.key_pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
  return { key: await subtle().importKey('pkcs8', new Uint8Array(der), EC, false, ['sign']), cert: pemCertificates(row.cert_pem)[0]!, certPem: row.cert_pem };
}

/** The demo e签宝's CA (made once per database). */
export function sandboxEsignCa(app: FastifyInstance): Promise<CaIdentity> {
  let ca = cas.get(app);
  if (!ca) {
    ca = readOrCreate(app);
    cas.set(app, ca);
    ca.catch(() => cas.delete(app));
  }
  return ca;
}

/**
 * A CMS SignedData (DER ContentInfo), detached, over `data` by a fresh signer certificate issued
 * to `signer` by the CA: content-type, message-digest (SHA-256) and signing-time attributes; the
 * signer's and the CA's certificates included.
 */
export async function signDetached(ca: CaIdentity, signer: string, data: Buffer, at: Date): Promise<Buffer> {
  const pair = (await subtle().generateKey(EC, false, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await certificate({
    subject: signer,
    issuer: ca.cert,
    signWith: ca.key,
    publicKey: pair.publicKey,
    from: new Date(at.getTime() - 3600_000),
    to: new Date(at.getTime() + YEAR_MS),
    ca: false,
  });
  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const attrs = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID_DATA })),
    attribute(OID_SIGNING_TIME, new asn1js.UTCTime({ valueDate: at })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: createHash('sha256').update(data).digest() })),
  ];
  // DER: a SET OF in the order of its encodings
  attrs.sort((a, b) => Buffer.compare(Buffer.from(a.toSchema().toBER()), Buffer.from(b.toSchema().toBER())));
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID_DATA }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: attrs }),
      }),
    ],
    certificates: [cert, ca.cert],
  });
  await signed.sign(pair.privateKey, 0, 'SHA-256');
  return Buffer.from(new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }).toSchema().toBER());
}
