/**
 * Bounded imports (issue 28 item 1): a zip bomb is refused from its directory before anything is
 * inflated, a lying one as soon as it inflates past what it declared; a sheet of 20,000 rows is
 * refused at row 5,001 without reading the rest; parses are capped per company and per server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { dimissionImport } from '../../contract/imports';
import { deflatedZeros, dimissionCells, makeXlsx, zipOf, zipParts, type RawZipEntry } from '../imports/fixtures';
import { MSG_IMPORT_BUSY } from '../imports/slots';
import { uploadBatch } from '../imports/upload';
import { MSG_TOO_MANY, parseUpload } from '../imports/xlsx';
import { MSG_ZIP_BROKEN, MSG_ZIP_ENTRIES, MSG_ZIP_RATIO, MSG_ZIP_TOO_LARGE } from '../imports/zip-check';
import { Refusal } from '../lib/refusal';
import { mobileIndex } from '../domain/users';

let s: TestServer;
let member: string;
let c1 = 0;
let c2 = 0;
let small: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.tokenFor('13800000001');
  c1 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  c2 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!.company_id;
  small = await makeXlsx(dimissionImport, [dimissionCells(1), dimissionCells(2)]);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const upload = (buf: Buffer) =>
  call(s.url, 'POST', '/ent/v3/import/upload/dimission', { token: member, form: { file_name: '名单.xlsx', file: buf.toString('base64') } });
const media = (name: string, raw: Buffer, usize: number): RawZipEntry => ({ name, method: 8, raw, usize, crc: 0 });
const withMedia = (...extra: RawZipEntry[]) => zipOf([...zipParts(small), ...extra]);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof Refusal ? { code: e.code, msg: e.message } : Promise.reject(e)),
  );

describe('zip bombs', () => {
  it('refuses by its directory a workbook with 256 MB hidden in xl/media, without inflating it', async () => {
    const bomb = withMedia(media('xl/media/image1.png', deflatedZeros(256), 256 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const r = await upload(bomb);
    expect(r.body).toMatchObject({ code: 400, msg: MSG_ZIP_TOO_LARGE });
    expect(MSG_ZIP_TOO_LARGE).toBe('文件解压后过大（超过64MB），请检查文件内容');
    // loose: the 256 MB entry was never held (a normal 5,000-row parse takes ~14 MB)
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM import_batches'))!.n).toBe(0);
  }, 60_000);

  it('refuses too high a compression ratio, too many entries, and an entry that inflates past its declared size', async () => {
    expect((await upload(withMedia(media('xl/media/image1.png', deflatedZeros(32), 32 * 1024 * 1024)))).body).toMatchObject({ code: 400, msg: MSG_ZIP_RATIO });
    const many = Array.from({ length: 200 }, (_, i) => ({ name: `xl/media/a${i}.txt`, method: 0, raw: Buffer.from('x'), usize: 1, crc: 0 }));
    expect((await upload(withMedia(...many))).body).toMatchObject({ code: 400, msg: MSG_ZIP_ENTRIES });
    // declares 100 KB, holds 256 MB: stopped after its first 100 KB
    const before = process.memoryUsage().rss;
    expect((await upload(withMedia(media('xl/media/image1.png', deflatedZeros(256), 100 * 1024)))).body).toMatchObject({ code: 400, msg: MSG_ZIP_BROKEN });
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
    // an image of its own size is fine
    const logo = { name: 'xl/media/logo.png', method: 0, raw: Buffer.alloc(300_000, 7), usize: 300_000, crc: 0 };
    expect((await upload(withMedia(logo))).body).toMatchObject({ code: 200 });
  }, 60_000);
});

describe('rows', () => {
  it('refuses 20,000 rows at row 5,001 without reading the rest', async () => {
    const buf = await makeXlsx(
      dimissionImport,
      Array.from({ length: 20_000 }, (_, i) => dimissionCells(i % 9000)),
    );
    const seen = { rows: 0 };
    expect(await refusal(parseUpload(buf, dimissionImport, seen))).toEqual({ code: 400, msg: MSG_TOO_MANY });
    expect(seen.rows).toBe(5001 + 1); // the header and 5,001 data rows
    expect((await upload(buf)).body).toMatchObject({ code: 400, msg: '单次最多导入5000条数据（当前超过5000条），请拆分后分批上传' });
  }, 120_000);
});

describe('concurrent parses', () => {
  it('one per company and two per server; over the cap refused at once, free again after', async () => {
    const file = { file_name: '名单.xlsx', file: small.toString('base64') };
    const go = (companyId: number) => refusal(uploadBatch(s.db, companyId, 1, 'dimission', file, new Date()));
    const [a, sameCompany, b, third] = await Promise.all([go(c1), go(c1), go(c2), go(999_999)]);
    expect(a).toBeNull();
    expect(sameCompany).toEqual({ code: 429, msg: MSG_IMPORT_BUSY });
    expect(b).toBeNull();
    expect(third).toEqual({ code: 429, msg: '导入任务较多，请稍后再试' });
    expect(await go(c1)).toBeNull();
  }, 60_000);
});
