/**
 * A small PDF 1.7 writer for documents of text, lines and filled squares — enough for a departure
 * proof and its QR (domain/dimission/proof-pdf.ts) and a 完税证明 of several pages
 * (domain/tax/proof-pdf.ts), without a dependency. Chinese text is
 * set in STSong-Light, one of the standard CJK fonts of the PDF specification (Adobe-GB1 with the
 * UniGB-UCS2-H encoding) that readers supply themselves (Acrobat, PDFium in Chrome and Android,
 * pdf.js, Apple's PDFKit), so no font is embedded and a page is a few KB. The output depends on the
 * input only (no clock, no random document ID): the same page gives the same bytes.
 */
import QRCode from 'qrcode';

/** Proportional widths (1/1000 em) of STSong-Light's Latin glyphs, CIDs 1–95 (U+0020–U+007E). */
const LATIN_W = [
  207, 270, 342, 467, 462, 797, 710, 239, 374, 374, 423, 605, 238, 375, 238, 334, 462, 462, 462, 462, 462, 462, 462, 462, 462, 462, 238, 238, 605, 605, 605,
  344, 748, 684, 560, 695, 739, 563, 511, 729, 793, 318, 312, 666, 526, 896, 758, 772, 544, 772, 628, 465, 607, 753, 711, 972, 647, 620, 607, 374, 333, 374,
  606, 500, 239, 417, 503, 427, 529, 415, 264, 444, 518, 241, 230, 495, 228, 793, 527, 524, 524, 504, 338, 336, 277, 517, 450, 652, 466, 452, 407, 370, 258,
  370, 605,
];

/** The width of `text` at `size` points: Latin from the table above, everything else one em. */
export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    w += c >= 0x20 && c <= 0x7e ? LATIN_W[c - 0x20]! : 1000;
  }
  return (w * size) / 1000;
}

/** UCS-2 big-endian hex for UniGB-UCS2-H; a character outside the BMP (no glyph there) becomes a full-width ？. */
function ucs2(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += (c > 0xffff ? 0xff1f : c).toString(16).padStart(4, '0');
  }
  return out;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
type Rgb = readonly [number, number, number];
const rgb = (c: Rgb) => c.map((v) => num(v / 255)).join(' ');

/** One page, drawn in points from the bottom left (A4: 595.28 × 841.89). */
export class PdfPage {
  readonly ops: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Text with its baseline at (x, y); `align` measures it with textWidth. */
  text(x: number, y: number, size: number, str: string, o: { color?: Rgb; align?: 'left' | 'center' | 'right'; spacing?: number } = {}): this {
    const spacing = o.spacing ?? 0;
    const w = textWidth(str, size) + spacing * Math.max(0, [...str].length - 1);
    const left = o.align === 'center' ? x - w / 2 : o.align === 'right' ? x - w : x;
    this.ops.push(`BT ${rgb(o.color ?? [0, 0, 0])} rg /F1 ${num(size)} Tf ${num(spacing)} Tc ${num(left)} ${num(y)} Td <${ucs2(str)}> Tj ET`);
    return this;
  }

  /** Filled rectangles in one colour, e.g. a QR's dark modules. */
  fill(rects: readonly (readonly [number, number, number, number])[], color: Rgb = [0, 0, 0]): this {
    if (rects.length) this.ops.push(`${rgb(color)} rg ${rects.map(([x, y, w, h]) => `${num(x)} ${num(y)} ${num(w)} ${num(h)} re`).join(' ')} f`);
    return this;
  }

  /** A stroked rectangle; `dash` draws it dashed (a marked area left blank). */
  frame(x: number, y: number, w: number, h: number, o: { color?: Rgb; width?: number; dash?: number } = {}): this {
    const dash = o.dash ? `[${num(o.dash)} ${num(o.dash)}] 0 d` : '[] 0 d';
    this.ops.push(`${rgb(o.color ?? [0, 0, 0])} RG ${num(o.width ?? 0.5)} w ${dash} ${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, o: { color?: Rgb; width?: number } = {}): this {
    this.ops.push(`${rgb(o.color ?? [0, 0, 0])} RG ${num(o.width ?? 0.5)} w [] 0 d ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
    return this;
  }
}

/** A PDF text string: UTF-16BE with its byte order mark, as hex (any language, plain ASCII in the file). */
const pdfString = (s: string) => {
  let hex = 'feff';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
};
/** D:YYYYMMDDHHmmSS+08'00' — the document's dates in China time. */
const pdfDate = (d: Date) => {
  const c = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `D:${c.slice(0, 4)}${c.slice(5, 7)}${c.slice(8, 10)}${c.slice(11, 13)}${c.slice(14, 16)}${c.slice(17, 19)}+08'00'`;
};

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** the document's creation date (a fact of the document, e.g. when a proof was issued) */
  created: Date;
}

/** The PDF file of `pages` (one or more), in order. */
export function pdfFile(pages: PdfPage | readonly PdfPage[], info: PdfInfo): Buffer {
  const list = pages instanceof PdfPage ? [pages] : pages;
  // objects: 1 catalog, 2 pages, then a page and its content per page, then the font (3), the info
  const font = 3 + list.length * 2;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Lang (zh-CN) >>',
    `<< /Type /Pages /Kids [${list.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${list.length} >>`,
    ...list.flatMap((page, i) => {
      const content = page.ops.join('\n');
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`,
        `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      ];
    }),
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${font + 1} 0 R] >>`,
    // both Latin ranges get widths: proportional 1–95 and half-width 814–907, whichever the reader's CMap uses
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${font + 2} 0 R /DW 1000 /W [1 [${LATIN_W.join(' ')}] 814 907 500] >>`,
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Subject ${pdfString(info.subject)} /Producer (HR Console) /CreationDate (${pdfDate(info.created)}) >>`,
  ];
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The dark modules of a QR for `text`, `size` points square with its top left at (x, y): PdfPage.fill's rectangles. */
export function qrSquares(text: string, x: number, y: number, size: number): [number, number, number, number][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  const out: [number, number, number, number][] = [];
  for (let r = 0; r < modules.size; r++) {
    // one rectangle per run of dark modules in a row
    for (let c = 0; c < modules.size; c++) {
      if (!modules.data[r * modules.size + c]) continue;
      let end = c;
      while (end + 1 < modules.size && modules.data[r * modules.size + end + 1]) end++;
      out.push([x + c * cell, y - (r + 1) * cell, (end - c + 1) * cell, cell]);
      c = end;
    }
  }
  return out;
}

/**
 * Lines of `text` no wider than `width` at `size`: a run of Latin letters or digits (a year, a
 * serial) is never split, and no line starts with closing punctuation.
 */
export function wrap(text: string, size: number, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9.-]+|[\s\S]/gu) ?? [];
  const out: string[] = [];
  let line = '';
  for (const tok of tokens) {
    if (line && textWidth(line + tok, size) > width && !/^[，。、；：）”！？]$/.test(tok)) {
      out.push(line);
      line = tok === ' ' ? '' : tok;
    } else line += tok;
  }
  if (line) out.push(line);
  return out;
}
