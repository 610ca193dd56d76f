/**
 * A PDF signature as the demo e签宝 makes it (ISO 32000-1 §12.8): the original bytes untouched,
 * then an incremental update — a signature dictionary (/Type /Sig, /Filter /Adobe.PPKLite,
 * /SubFilter /adbe.pkcs7.detached, /ByteRange, /Contents), a signature field naming it (invisible;
 * or, for a seal, visible on the first page with its appearance, the page written again with the
 * field in its /Annots), the catalog again with an /AcroForm listing that field (when the original's catalog can be
 * found and has no form of its own), a cross-reference section for them with /Prev to the
 * original's, and the trailer. /ByteRange covers every byte but the /Contents hex string, which
 * holds the CMS detached signature (esign-ca.ts) over exactly those bytes. The signed file's
 * SHA-256 therefore differs from the original's, and anyone can check the signature
 * (`signatureOf` below gives its two parts to openssl).
 */

/** Room for the DER signature (a certificate chain of two and an ECDSA signature: ~1.5 KB). */
const CONTENTS_BYTES = 8192;
const BYTE_RANGE_SLOT = '[0 ********** ********** **********]';

/** A PDF text string of any characters: UTF-16BE with its BOM, in hex. */
const pdfText = (s: string) => `<FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
/** D:YYYYMMDDHHmmSS+08'00' in China time. */
function pdfDate(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return `D:${c.slice(0, 4)}${c.slice(5, 7)}${c.slice(8, 10)}${c.slice(11, 13)}${c.slice(14, 16)}${c.slice(17, 19)}+08'00'`;
}

const lastMatch = (text: string, re: RegExp) => {
  let m: RegExpExecArray | null;
  let last: RegExpExecArray | null = null;
  const g = new RegExp(re.source, 'g');
  while ((m = g.exec(text))) last = m;
  return last;
};

/** The dictionary `<< … >>` starting at `from` (nested dictionaries and strings skipped), or null. */
function dictAt(text: string, from: number): string | null {
  const start = text.indexOf('<<', from);
  if (start < 0) return null;
  let depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '(') {
      // a literal string: to its unescaped closing parenthesis
      let nest = 1;
      for (i++; i < text.length && nest; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') nest++;
        else if (text[i] === ')') nest--;
      }
      i--;
    } else if (c === '<' && text[i + 1] === '<') {
      depth++;
      i++;
    } else if (c === '>' && text[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

export interface SignInfo {
  name: string;
  reason: string;
  location: string;
  at: Date;
  /**
   * A visible signature (a seal): the widget's rectangle on the first page and its appearance, a
   * content stream in the rectangle's own coordinates that may set text in /F1 (STSong-Light, the
   * standard CJK font readers supply). The page is written again with the widget in its /Annots.
   */
  appearance?: { rect: [number, number, number, number]; stream: string };
}

/** The first page object (number, generation, its latest dictionary), if plainly there. */
function firstPage(text: string): { num: number; gen: number; body: string } | null {
  for (const m of text.matchAll(/(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b/g)) {
    const dict = dictAt(text, m.index + m[0].length);
    if (!dict || !/\/Type\s*\/Page(?![A-Za-z])/.test(dict)) continue;
    const last = lastMatch(text, new RegExp(`(?:^|[\\r\\n\\s])${m[1]}\\s+${m[2]}\\s+obj\\b`));
    const body = last ? dictAt(text, last.index + last[0].length) : null;
    return body ? { num: Number(m[1]), gen: Number(m[2]), body } : null;
  }
  return null;
}

/** The original with an incremental update carrying a signature made by `sign` over its ByteRange. */
export async function signPdf(bytes: Uint8Array, info: SignInfo, sign: (signedBytes: Buffer) => Promise<Buffer>): Promise<Buffer> {
  // a bytea column reads back as a Uint8Array on PGlite: its toString is not the bytes
  const original = Buffer.from(bytes);
  const text = original.toString('latin1');
  const prev = lastMatch(text, /startxref\s+(\d+)/);
  const root = lastMatch(text, /\/Root\s+(\d+)\s+(\d+)\s+R/);
  const size = Number(lastMatch(text, /\/Size\s+(\d+)/)?.[1] ?? 0);
  let maxObj = 0;
  for (const m of text.matchAll(/(?:^|[\r\n\s])(\d+)\s+\d+\s+obj\b/g)) maxObj = Math.max(maxObj, Number(m[1]));
  const sigNum = Math.max(size, maxObj + 1, 1);
  const fieldNum = sigNum + 1;

  // the catalog again, its form listing the signature field: only when it is plainly there
  let catalog: { num: number; gen: number; body: string } | null = null;
  if (root) {
    const def = lastMatch(text, new RegExp(`(?:^|[\\r\\n\\s])${root[1]}\\s+${root[2]}\\s+obj\\b`));
    const dict = def ? dictAt(text, def.index + def[0].length) : null;
    if (dict && !dict.includes('/AcroForm')) {
      catalog = { num: Number(root[1]), gen: Number(root[2]), body: `${dict.slice(0, -2).trimEnd()} /AcroForm << /Fields [${fieldNum} 0 R] /SigFlags 3 >> >>` };
    }
  }

  // a visible seal: the widget on the first page (its /Annots written again), its appearance and font
  const ap = info.appearance;
  const page = ap ? firstPage(text) : null;
  const visible = ap && page && !/\/Annots\s*\d/.test(page.body) ? { ap, page } : null;
  const [fontNum, cidNum, descNum, apNum] = [fieldNum + 1, fieldNum + 2, fieldNum + 3, fieldNum + 4];
  const extra: { num: number; gen: number; body: string }[] = [];
  let widget = `/F 132 /Rect [0 0 0 0]`;
  if (visible) {
    const [x1, y1, x2, y2] = visible.ap.rect;
    const stream = visible.ap.stream;
    widget = `/F 4 /Rect [${x1} ${y1} ${x2} ${y2}] /P ${visible.page.num} ${visible.page.gen} R /AP << /N ${apNum} 0 R >>`;
    extra.push(
      { num: fontNum, gen: 0, body: `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cidNum} 0 R] >>` },
      {
        num: cidNum,
        gen: 0,
        body: `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${descNum} 0 R /DW 1000 >>`,
      },
      {
        num: descNum,
        gen: 0,
        body: '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
      },
      {
        num: apNum,
        gen: 0,
        body:
          `<< /Type /XObject /Subtype /Form /BBox [0 0 ${x2 - x1} ${y2 - y1}] /Resources << /Font << /F1 ${fontNum} 0 R >> >> ` +
          `/Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
      },
    );
  }
  const lastNum = visible ? apNum : fieldNum;
  // the page again, the widget added to its annotations (an inline array, or a new one)
  const annots = visible && /\/Annots\s*\[([^\]]*)\]/.exec(visible.page.body);
  const pageAgain = visible
    ? {
        num: visible.page.num,
        gen: visible.page.gen,
        body: annots
          ? visible.page.body.replace(annots[0], `/Annots [${`${annots[1]!.trim()} ${fieldNum} 0 R`.trim()}]`)
          : `${visible.page.body.slice(0, -2).trimEnd()} /Annots [${fieldNum} 0 R] >>`,
      }
    : null;

  const objects: { num: number; gen: number; body: string }[] = [
    {
      num: sigNum,
      gen: 0,
      body:
        `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange ${BYTE_RANGE_SLOT}\n` +
        `/Contents <${'0'.repeat(CONTENTS_BYTES * 2)}>\n` +
        `/M (${pdfDate(info.at)}) /Name ${pdfText(info.name)} /Reason ${pdfText(info.reason)} /Location ${pdfText(info.location)} >>`,
    },
    { num: fieldNum, gen: 0, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature${sigNum}) /V ${sigNum} 0 R ${widget} >>` },
    ...extra,
    ...(catalog ? [catalog] : []),
    ...(pageAgain ? [pageAgain] : []),
  ];

  const chunks: Buffer[] = [original];
  let at = original.length;
  const push = (s: string) => {
    const b = Buffer.from(s, 'latin1');
    chunks.push(b);
    at += b.length;
  };
  if (!/[\r\n]$/.test(text)) push('\n');
  const offsets = new Map<number, number>();
  for (const o of objects) {
    offsets.set(o.num, at);
    push(`${o.num} ${o.gen} obj\n${o.body}\nendobj\n`);
  }
  const xrefAt = at;
  const entry = (num: number, gen: number) => `${String(offsets.get(num)).padStart(10, '0')} ${String(gen).padStart(5, '0')} n\r\n`;
  let xref = `xref\n${sigNum} ${lastNum - sigNum + 1}\n`;
  for (let n = sigNum; n <= lastNum; n++) xref += entry(n, 0);
  for (const o of [catalog, pageAgain]) if (o) xref += `${o.num} 1\n${entry(o.num, o.gen)}`;
  push(xref);
  const trailer = [`/Size ${lastNum + 1}`, root ? `/Root ${root[1]} ${root[2]} R` : '', prev ? `/Prev ${prev[1]}` : ''].filter(Boolean).join(' ');
  push(`trailer\n<< ${trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`);

  const pdf = Buffer.concat(chunks, at);
  // the hex string's place: from its '<' to its '>' inclusive
  const sigAt = offsets.get(sigNum)!;
  const open = pdf.indexOf('/Contents <', sigAt, 'latin1') + '/Contents '.length;
  const close = open + CONTENTS_BYTES * 2 + 2;
  const range = `[0 ${open} ${close} ${pdf.length - close}]`;
  const slot = pdf.indexOf(BYTE_RANGE_SLOT, sigAt, 'latin1');
  pdf.write(range.padEnd(BYTE_RANGE_SLOT.length, ' '), slot, 'latin1');
  const cms = await sign(Buffer.concat([pdf.subarray(0, open), pdf.subarray(close)]));
  if (cms.length > CONTENTS_BYTES) throw new Error('signature larger than its room');
  pdf.write(cms.toString('hex').toUpperCase(), open + 1, 'latin1');
  return pdf;
}

/** The last signature of a PDF: the bytes its ByteRange covers and its DER signature (padding cut). */
export function signatureOf(pdf: Buffer): { signed: Buffer; cms: Buffer } | null {
  const text = pdf.toString('latin1');
  const br = lastMatch(text, /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/);
  if (!br) return null;
  const [a, b, c, d] = br.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || b >= c) return null;
  const hex = pdf.subarray(b + 1, c - 1).toString('latin1');
  const der = Buffer.from(hex, 'hex');
  // a DER SEQUENCE: its own length says where the zero padding starts
  let len = der.length;
  if (der[0] === 0x30 && der[1]! & 0x80) {
    const n = der[1]! & 0x7f;
    len = 2 + n + der.subarray(2, 2 + n).reduce((x, y) => x * 256 + y, 0);
  } else if (der[0] === 0x30) len = 2 + der[1]!;
  return { signed: Buffer.concat([pdf.subarray(0, b), pdf.subarray(c)]), cms: der.subarray(0, len) };
}
