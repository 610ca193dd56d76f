/**
 * An upload's zip, judged before anything inflates it (issue 28: a 1 MB .xlsx with a hidden
 * 1 GB entry grew the server to 3.67 GB). The central directory says how many entries there are
 * and how large each will be: too many, too large or compressed too well is refused by name.
 * Declared sizes can lie, so each entry is then inflated as a stream, counted and thrown away,
 * and refused as soon as it passes what it declared. What exceljs then reads is `workbookStream`:
 * only the parts a sheet needs (no media), in the order its reader wants (no temp files).
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { Refusal, badRequest } from '../lib/refusal';

/** A 5,000-row template file is 16 entries, 2.2 MB inflated, at most 11:1 (measured, fixtures.ts). */
export const ZIP_MAX_ENTRIES = 200;
export const ZIP_MAX_TOTAL_MB = 64;
/** Compression ratio allowed for an entry over 1 MB inflated (a deflated run of zeros is ~1000:1). */
export const ZIP_MAX_RATIO = 200;
const RATIO_FLOOR = 1024 * 1024;

export const MSG_ZIP_ENTRIES = `文件内含条目过多（超过${ZIP_MAX_ENTRIES}个），请检查文件内容`;
export const MSG_ZIP_TOO_LARGE = `文件解压后过大（超过${ZIP_MAX_TOTAL_MB}MB），请检查文件内容`;
export const MSG_ZIP_RATIO = `文件压缩比异常（超过${ZIP_MAX_RATIO}倍），疑似恶意文件`;
export const MSG_ZIP_BROKEN = '文件结构异常（声明的大小与内容不符），疑似恶意文件';

export interface ZipEntry {
  name: string;
  method: number;
  /** compressed and declared inflated sizes */
  csize: number;
  usize: number;
  /** where the entry's local record starts and its data starts, and where the record ends */
  start: number;
  data: number;
  end: number;
}

/**
 * The entries of the zip from its central directory, each checked against its local record and
 * the records laid end to end (nothing hidden between them that a streaming reader would see).
 * `bad` is thrown for anything that is not such a zip.
 */
export function zipDirectory(buf: Buffer, bad: () => Error): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdStart = buf.readUInt32LE(eocd + 16);
  if (count > ZIP_MAX_ENTRIES) throw badRequest(MSG_ZIP_ENTRIES);
  if (count === 0xffff || cdStart + cdSize > eocd) throw bad(); // zip64 or out of range
  const entries: ZipEntry[] = [];
  let p = cdStart;
  for (let k = 0; k < count; k++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) throw bad();
    const nameLen = buf.readUInt16LE(p + 28);
    const start = buf.readUInt32LE(p + 42);
    const e = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      csize: buf.readUInt32LE(p + 20),
      usize: buf.readUInt32LE(p + 24),
    };
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (start + 30 > cdStart || buf.readUInt32LE(start) !== 0x04034b50) throw bad();
    const flags = buf.readUInt16LE(start + 6);
    const data = start + 30 + buf.readUInt16LE(start + 26) + buf.readUInt16LE(start + 28);
    const localName = buf.toString('utf8', start + 30, start + 30 + buf.readUInt16LE(start + 26));
    if (localName !== e.name || buf.readUInt16LE(start + 8) !== e.method || (e.method !== 0 && e.method !== 8)) throw bad();
    if ((flags & 8) === 0 && buf.readUInt32LE(start + 18) !== e.csize) throw bad();
    let end = data + e.csize;
    if (flags & 8) end += end + 4 <= cdStart && buf.readUInt32LE(end) === 0x08074b50 ? 16 : 12; // data descriptor
    if (end > cdStart) throw bad();
    entries.push({ ...e, start, data, end });
  }
  entries.sort((a, b) => a.start - b.start);
  entries.forEach((e, i) => {
    if (e.start !== (i === 0 ? 0 : entries[i - 1]!.end)) throw bad();
  });
  if ((entries.at(-1)?.end ?? 0) !== cdStart) throw bad();
  return entries;
}

/** Inflates `e` as a stream, keeping nothing; refused as soon as it gives more than it declared. */
async function inflatesAsDeclared(buf: Buffer, e: ZipEntry): Promise<void> {
  if (e.method === 0) {
    if (e.csize !== e.usize) throw badRequest(MSG_ZIP_BROKEN);
    return;
  }
  const inflate = createInflateRaw();
  Readable.from([buf.subarray(e.data, e.data + e.csize)]).pipe(inflate);
  let n = 0;
  try {
    for await (const chunk of inflate) {
      n += (chunk as Buffer).length;
      if (n > e.usize) throw badRequest(MSG_ZIP_BROKEN);
    }
  } catch (err) {
    inflate.destroy();
    throw err instanceof Refusal ? err : badRequest(MSG_ZIP_BROKEN);
  }
}

/** The zip's entries, refused (by which limit) before any of them is inflated beyond what it declared. */
export async function checkZip(buf: Buffer, bad: () => Error): Promise<ZipEntry[]> {
  const entries = zipDirectory(buf, bad);
  let total = 0;
  for (const e of entries) {
    total += e.usize;
    if (total > ZIP_MAX_TOTAL_MB * 1024 * 1024) throw badRequest(MSG_ZIP_TOO_LARGE);
    if (e.usize > RATIO_FLOOR && e.usize / Math.max(e.csize, 1) > ZIP_MAX_RATIO) throw badRequest(MSG_ZIP_RATIO);
  }
  for (const e of entries) await inflatesAsDeclared(buf, e);
  return entries;
}

/** The parts of a workbook its streaming reader needs, relations and strings before the sheets. */
const READ_ORDER = [
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/workbook\.xml$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/styles\.xml$/,
  /^xl\/worksheets\/sheet\d+\.xml$/,
];
const EMPTY_EOCD = Buffer.concat([Buffer.from([0x50, 0x4b, 5, 6]), Buffer.alloc(18)]);

/** The zip again as a stream of only those parts, in that order, and an empty end record. */
export function workbookStream(buf: Buffer, entries: ZipEntry[]): Readable {
  const parts = READ_ORDER.flatMap((re) => entries.filter((e) => re.test(e.name)).map((e) => buf.subarray(e.start, e.end)));
  return Readable.from([...parts, EMPTY_EOCD]);
}
