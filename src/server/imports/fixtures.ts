/**
 * Test and benchmark data for the import pipeline: valid ID numbers (GB 11643 check char),
 * mobiles, an .xlsx written the way a user fills the template (text cells unless told), and zips
 * taken apart and put together again for the zip-bomb tests.
 */
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { headerText, type ImportTypeDef } from '../../contract/imports';
import { zipDirectory } from './zip-check';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** An 18-digit ID number with a right check char: region 110105, the birth date, a 3-digit sequence. */
export function makeIdCard(birth: string, seq: number): string {
  const body = `110105${birth.replace(/-/g, '')}${String(seq % 1000).padStart(3, '0')}`;
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(body[i]) * W[i]!;
  return body + '10X98765432'[s % 11];
}
/** The same number with a wrong check char. */
export const breakCheck = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
export const makeMobile = (n: number) => `139${String(n).padStart(8, '0')}`;

/** A departed employee row (header → cell) numbered `n` (distinct ID numbers for n < 9000). */
export const dimissionCells = (n: number, leaveDate = '2024-06-30'): Record<string, string | number> => ({
  姓名: `员工${'甲乙丙丁戊己庚辛壬癸'[n % 10]}${'一二三四五六七八九十'[Math.floor(n / 10) % 10]}`,
  身份证号: makeIdCard(`19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`, n),
  手机号: makeMobile(n),
  部门: '技术部',
  工作岗位: '软件工程师',
  入职日期: '2019-03-01',
  离职日期: leaveDate,
  合同起始日期: '2019-03-01',
  合同终止日期: '2025-02-28',
  离职类型: '协商一致解除',
});

export const workerCells = (n: number): Record<string, string | number> => ({
  姓名: `工人${'甲乙丙丁戊己庚辛壬癸'[n % 10]}`,
  手机号: makeMobile(n),
  证件类型: '居民身份证',
  证件号码: makeIdCard(`19${80 + (n % 20)}-1${n % 3}-0${1 + (n % 9)}`, n),
  银行卡号: '6228480402564890018',
  银行预留手机号: makeMobile(n),
  开户行: '中国农业银行',
});

/** An .xlsx of the type's header (as the template writes it) and the given rows (by header). */
export async function makeXlsx(def: ImportTypeDef, rows: Record<string, string | number | null>[], opts: { headers?: string[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.label);
  const headers = opts.headers ?? def.columns.map(headerText);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(def.columns.map((c) => r[c.header] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip entry as stored: its compressed bytes, declared size and CRC (a bomb's may lie). */
export interface RawZipEntry {
  name: string;
  method: number;
  raw: Buffer;
  usize: number;
  crc: number;
}

/** The stored entries of a zip this server wrote (exceljs: sizes in the local headers). */
export function zipParts(buf: Buffer): RawZipEntry[] {
  return zipDirectory(buf, () => new Error('not a zip')).map((e) => ({
    name: e.name,
    method: e.method,
    raw: buf.subarray(e.data, e.data + e.csize),
    usize: e.usize,
    crc: buf.readUInt32LE(e.start + 14),
  }));
}

/** A zip of the entries, in order, with a central directory. */
export function zipOf(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.raw.length, 18);
    h.writeUInt32LE(e.usize, 22);
    h.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.crc, 16);
    c.writeUInt32LE(e.raw.length, 20);
    c.writeUInt32LE(e.usize, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    locals.push(h, name, e.raw);
    centrals.push(c, name);
    offset += 30 + name.length + e.raw.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Deflated zeros, `mb` MiB of them, built without ever holding them: one full-flushed MiB repeated. */
export function deflatedZeros(mb: number): Buffer {
  const chunk = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => chunk), Buffer.from([0x03, 0x00])]);
}
