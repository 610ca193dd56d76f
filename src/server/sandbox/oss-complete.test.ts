/**
 * CompleteMultipartUpload in the OSS sandbox survives a crash at any step (issue 25 item 9): a
 * Complete cut off anywhere — on the same server or after a restart over the same database and
 * directory — completes when the client sends it again, with the same bytes, ETag and CRC64, and
 * a Complete the client never heard the answer of answers the same success again. And every error
 * the bucket answers is an OSS XML error an OSS client parses (ali-oss), 500s included.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, promises as fsp, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import OSS from 'ali-oss';
import { parseXml, XmlElement } from '@rgrove/parse-xml';
import { createCRC64 } from 'hash-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { Db } from '../db';
import { issueToken } from '../domain/sessions';
import { openTestDb } from '../../../tests/setup/db';
import { SANDBOX_BUCKET } from './cloud';
import { COMPLETE_STEPS } from './oss';
import { mobileIndex } from '../domain/users';

let db: Db;
let ossDir: string;
let app: FastifyInstance;
let url: string;
let company: number;
let cred: Cred;

interface Cred {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
}

/** A server over the suite's database and object directory: a restart is `start()` again. */
async function start() {
  app = await buildServer({ db, sandbox: true, staticDir: null, logger: false, ossDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
async function restart() {
  await app.close();
  await start();
}

beforeAll(async () => {
  db = await openTestDb();
  ossDir = mkdtempSync(join(tmpdir(), 'oss-complete-'));
  await start();
  const user = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  company = user.company_id;
  const { token } = await issueToken(db, user.id, new Date());
  const r = await fetch(`${url}/ent/v3/upload/sts`, { headers: { authorization: `Bearer ${token}` } });
  cred = ((await r.json()) as { data: Cred }).data;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(ossDir, { recursive: true, force: true });
});

const client = () =>
  new OSS({
    accessKeyId: cred.AccessKeyId,
    accessKeySecret: cred.AccessKeySecret,
    stsToken: cred.SecurityToken,
    bucket: SANDBOX_BUCKET,
    endpoint: url,
    sldEnable: true,
    secure: false,
    timeout: 20_000,
  } as OSS.Options & { sldEnable: boolean });

/** One request signed by hand (OSS V1 header signature), for what ali-oss will not send. */
async function signed(method: string, key: string, o: { sub?: string; body?: string; type?: string } = {}) {
  const date = new Date().toUTCString();
  const type = o.type ?? '';
  const resource = `/${SANDBOX_BUCKET}/${key}${o.sub ? `?${o.sub}` : ''}`;
  const sts = [method, '', type, date, `x-oss-security-token:${cred.SecurityToken}`, resource].join('\n');
  const sig = createHmac('sha1', cred.AccessKeySecret).update(sts).digest('base64');
  const headers: Record<string, string> = { date, authorization: `OSS ${cred.AccessKeyId}:${sig}`, 'x-oss-security-token': cred.SecurityToken };
  if (type) headers['content-type'] = type;
  return fetch(`${url}/${SANDBOX_BUCKET}/${key}${o.sub ? `?${o.sub}` : ''}`, { method, headers, body: o.body });
}

const fault = (body: Record<string, unknown>) =>
  fetch(`${url}/sandbox/oss/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function crc64(buf: Uint8Array) {
  const h = await createCRC64();
  h.init();
  h.update(buf);
  return BigInt(`0x${h.digest('hex')}`).toString();
}
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest();
/** OSS's multipart ETag: the MD5 of the parts' MD5s, and their count. */
const multipartEtag = (parts: Uint8Array[]) =>
  `"${createHash('md5')
    .update(Buffer.concat(parts.map(md5)))
    .digest('hex')
    .toUpperCase()}-${parts.length}"`;

/** An OSS XML error: its code, parsed as a client would, and the answer's content type. */
async function xmlError(r: Response) {
  const text = await r.text();
  const root = parseXml(text).root!;
  const code = root.children.find((c): c is XmlElement => c instanceof XmlElement && c.name === 'Code')?.text;
  const rid = root.children.find((c): c is XmlElement => c instanceof XmlElement && c.name === 'RequestId')?.text;
  return { status: r.status, type: r.headers.get('content-type'), root: root.name, code, rid, text };
}

/**
 * A multipart upload as a client leaves it: part 1 sent twice (the first bytes replaced), part 2,
 * and a part 3 the Complete will leave out.
 */
async function prepared(c = client()) {
  const key = `c${company}/crash/${randomBytes(6).toString('hex')}.bin`;
  const a = randomBytes(100 * 1024 + 17);
  const b = randomBytes(3001);
  const init = await c.initMultipartUpload(key);
  const up = (n: number, buf: Buffer) => c.uploadPart(key, init.uploadId, n, buf as unknown as string, 0, buf.length);
  await up(1, randomBytes(a.length));
  const p1 = await up(1, a);
  // the bytes part 1 had before are gone from the upload's directory, the new ones are there
  const dir = join(ossDir, 'objects', (await fsp.readdir(join(ossDir, 'objects'))).find((f) => f.includes(init.uploadId))!);
  expect((await fsp.readdir(dir)).filter((f) => f.startsWith('1.'))).toEqual([`1.${md5(a).toString('hex').toUpperCase()}`]);
  const p2 = await up(2, b);
  await up(3, randomBytes(2000));
  return {
    key,
    uploadId: init.uploadId,
    parts: [
      { number: 1, etag: p1.etag },
      { number: 2, etag: p2.etag },
    ],
    whole: Buffer.concat([a, b]),
    etag: multipartEtag([a, b]),
  };
}

/** The object reads back whole, with the ETag and CRC64 of its bytes; the disk holds its parts only. */
async function expectObject(key: string, whole: Buffer, etag: string) {
  const got = await client().get(key);
  expect(Buffer.compare(got.content as Buffer, whole)).toBe(0);
  const headers = got.res.headers as Record<string, string>;
  expect(headers.etag).toBe(etag);
  expect(headers['x-oss-hash-crc64ecma']).toBe(await crc64(whole));
  const row = (await db.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE bucket = $1 AND object_key = $2', [SANDBOX_BUCKET, key]))!;
  // the replaced part 1 and the left-out part 3 are gone, the two parts and the manifest stay
  expect((await fsp.readdir(row.file_path)).sort()).toHaveLength(3);
  expect(await db.one('SELECT 1 FROM oss_multipart m JOIN oss_parts p USING (upload_id) WHERE m.object_key = $1', [key])).toBeUndefined();
}

describe('CompleteMultipartUpload after a crash (issue 25 item 9)', () => {
  const cases = COMPLETE_STEPS.flatMap((step) => [
    { step, restart: false },
    { step, restart: true },
  ]);
  it.each(cases)('a crash at $step (restart: $restart): Complete again completes the same object', async ({ step, restart: again }) => {
    const u = await prepared();
    expect((await (await fault({ crashComplete: step })).json()) as unknown).toMatchObject({ crashComplete: step });
    // the process dies mid-Complete: the client hears nothing
    const lost = await client()
      .completeMultipartUpload(u.key, u.uploadId, u.parts)
      .catch((e: unknown) => e as { status?: number; code?: string });
    expect(lost).toBeInstanceOf(Error);
    expect((lost as { status: number }).status).toBe(-1);
    if (again) await restart();
    // committed or not: a GetObject sees either no object or the whole one, never a broken one
    const before = await client()
      .get(u.key)
      .then((r) => r.content as Buffer)
      .catch((e: { code?: string }) => e.code);
    if (typeof before === 'string') expect(before).toBe('NoSuchKey');
    else expect(Buffer.compare(before as Buffer, u.whole)).toBe(0);

    const done = await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect(done.res.status).toBe(200);
    expect((done as unknown as { etag: string }).etag).toBe(u.etag);
    expect((done.res.headers as Record<string, string>)['x-oss-hash-crc64ecma']).toBe(await crc64(u.whole));
    await expectObject(u.key, u.whole, u.etag);
    // and a third Complete (a client that missed the second answer) gets the same answer
    const third = await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect((third as unknown as { etag: string }).etag).toBe(u.etag);
    // the upload is no longer in progress: no more parts, no listing, no abort
    await expect(client().listParts(u.key, u.uploadId, {} as OSS.ListPartsQuery)).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
    await expect(client().abortMultipartUpload(u.key, u.uploadId)).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
    await expect(client().uploadPart(u.key, u.uploadId, 1, randomBytes(10) as unknown as string, 0, 10)).rejects.toMatchObject({ code: 'NoSuchUpload' });
    await expectObject(u.key, u.whole, u.etag);
  });

  it('answers a finished upload’s Complete again only for the same parts', async () => {
    const u = await prepared();
    await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    await restart();
    const again = await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect((again as unknown as { etag: string }).etag).toBe(u.etag);
    await expect(client().completeMultipartUpload(u.key, u.uploadId, [u.parts[0]!])).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
    // once the key holds another object, the upload is simply gone
    await client().put(u.key, Buffer.from('newer'));
    await expect(client().completeMultipartUpload(u.key, u.uploadId, u.parts)).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
    expect(((await client().get(u.key)).content as Buffer).toString()).toBe('newer');
  });

  it('a part still arriving when Complete commits is refused and cannot change the finished object', async () => {
    const u = await prepared();
    const stats = async () => ((await (await fetch(`${url}/sandbox/oss/stats`)).json()) as { stats: { bytesReceived: number } }).stats.bytesReceived;
    const received = await stats();
    // a slow uplink: the late part's body takes ~0.7 s after its bytes arrived
    await fault({ rateKBps: 4 });
    const late = client()
      .uploadPart(u.key, u.uploadId, 2, randomBytes(3001) as unknown as string, 0, 3001)
      .then(
        () => 'stored',
        (e: { code?: string; status?: number }) => e.code ?? String(e.status),
      );
    while ((await stats()) === received) await new Promise((r) => setTimeout(r, 10));
    await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect(await late).toBe('NoSuchUpload');
    await fetch(`${url}/sandbox/oss/reset`, { method: 'POST' });
    await expectObject(u.key, u.whole, u.etag);
  });

  it('completes an upload begun before the parts lived in the upload’s directory, after a crash mid-move', async () => {
    const u = await prepared();
    // the layout of session 8: parts/<uploadId>.<n>, one file per part number
    const dir = (await fsp.readdir(join(ossDir, 'objects'))).find((f) => f.includes(u.uploadId))!;
    const rows = await db.query<{ part_number: number; etag: string }>('SELECT part_number, etag FROM oss_parts WHERE upload_id = $1', [u.uploadId]);
    for (const p of rows) {
      await fsp.rename(join(ossDir, 'objects', dir, `${p.part_number}.${p.etag.replace(/"/g, '')}`), join(ossDir, 'parts', `${u.uploadId}.${p.part_number}`));
    }
    await fsp.rm(join(ossDir, 'objects', dir), { recursive: true });
    expect((await fault({ crashComplete: 'nowhere' })).status).toBe(400);
    await fault({ crashComplete: 'move' });
    await expect(client().completeMultipartUpload(u.key, u.uploadId, u.parts)).rejects.toMatchObject({ status: -1 });
    await restart();
    const done = await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect((done as unknown as { etag: string }).etag).toBe(u.etag);
    const got = await client().get(u.key);
    expect(Buffer.compare(got.content as Buffer, u.whole)).toBe(0);
  });
});

describe('OSS XML errors only (issue 25 item 9)', () => {
  it('unknown upload, missing part, parts out of order, missing key: XML with the OSS code', async () => {
    const u = await prepared();
    const unknown = 'F'.repeat(32);
    await expect(client().completeMultipartUpload(u.key, unknown, u.parts)).rejects.toMatchObject({ code: 'NoSuchUpload', status: 404 });
    const body = (parts: { number: number; etag: string }[]) =>
      `<CompleteMultipartUpload>${parts.map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>${p.etag}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    const cases: [Response, number, string][] = [
      [await signed('POST', u.key, { sub: `uploadId=${unknown}`, body: body(u.parts), type: 'application/xml' }), 404, 'NoSuchUpload'],
      [await signed('POST', u.key, { sub: 'uploadId=../../etc', body: body(u.parts), type: 'application/xml' }), 404, 'NoSuchUpload'],
      [
        await signed('POST', u.key, {
          sub: `uploadId=${u.uploadId}`,
          body: body([...u.parts, { number: 7, etag: u.parts[0]!.etag }]),
          type: 'application/xml',
        }),
        400,
        'InvalidPart',
      ],
      [
        await signed('POST', u.key, { sub: `uploadId=${u.uploadId}`, body: body([u.parts[1]!, u.parts[0]!]), type: 'application/xml' }),
        400,
        'InvalidPartOrder',
      ],
      [await signed('POST', u.key, { sub: `uploadId=${u.uploadId}`, body: '<Complete', type: 'application/xml' }), 400, 'MalformedXML'],
      [await signed('GET', `c${company}/crash/none.bin`), 404, 'NoSuchKey'],
      [await signed('PATCH', u.key), 405, 'MethodNotAllowed'],
      // a URL the router cannot decode, before any route runs
      [await fetch(`${url}/outin-hrconsole-sandbox/c${company}/bad%E0%A4name.bin`), 400, 'InvalidURI'],
    ];
    for (const [r, status, code] of cases) {
      const e = await xmlError(r);
      expect(e, e.text).toMatchObject({ status, code, root: 'Error', type: 'application/xml' });
      expect(e.rid).toMatch(/^[0-9A-F]{24}$/);
    }
    await expect(client().completeMultipartUpload(u.key, u.uploadId, [...u.parts, { number: 7, etag: u.parts[0]!.etag }])).rejects.toMatchObject({
      code: 'InvalidPart',
      status: 400,
    });
    await expect(client().get(`c${company}/crash/none.bin`)).rejects.toMatchObject({ code: 'NoSuchKey', status: 404 });
    // the upload is untouched by the refusals
    const done = await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    expect((done as unknown as { etag: string }).etag).toBe(u.etag);
  });

  it('an internal error is a 500 InternalError in XML, never a JSON envelope or a text page', async () => {
    const key = `c${company}/crash/vanished.bin`;
    await client().put(key, randomBytes(5000));
    const row = (await db.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE bucket = $1 AND object_key = $2', [SANDBOX_BUCKET, key]))!;
    await fsp.rm(row.file_path);
    const e = await xmlError(await signed('GET', key));
    expect(e, e.text).toMatchObject({ status: 500, code: 'InternalError', root: 'Error', type: 'application/xml' });
    await expect(client().get(key)).rejects.toMatchObject({ code: 'InternalError', status: 500 });

    // a composed object whose manifest is gone, and an exception inside a handler
    const u = await prepared();
    await client().completeMultipartUpload(u.key, u.uploadId, u.parts);
    const composed = (await db.one<{ file_path: string }>('SELECT file_path FROM oss_objects WHERE object_key = $1', [u.key]))!.file_path;
    // its first part gone: the body fails before its first byte (Fastify's error path, not the handler's)
    const first = (await fsp.readdir(composed)).find((f) => f.startsWith('1.'))!;
    await fsp.rename(join(composed, first), join(composed, 'aside'));
    const noPart = await signed('GET', u.key);
    expect(noPart.headers.get('etag')).toBeNull();
    const e2 = await xmlError(noPart);
    expect(e2, e2.text).toMatchObject({ status: 500, code: 'InternalError', root: 'Error', type: 'application/xml' });
    await fsp.rename(join(composed, 'aside'), join(composed, first));
    await fsp.rm(join(composed, 'manifest.json'));
    await expect(client().get(u.key)).rejects.toMatchObject({ code: 'InternalError', status: 500 });
    await fault({ throwComplete: 'manifest' });
    const v = await prepared();
    await expect(client().completeMultipartUpload(v.key, v.uploadId, v.parts)).rejects.toMatchObject({ code: 'InternalError', status: 500 });
    // …and then it completes
    const done = await client().completeMultipartUpload(v.key, v.uploadId, v.parts);
    expect((done as unknown as { etag: string }).etag).toBe(v.etag);
  });
});
