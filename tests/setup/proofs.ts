/**
 * Test helpers for departure proofs (issue 30): the text of a proof PDF as the server writes it
 * (lib/pdf.ts: UCS-2 hex strings shown with Tj), and the years of service computed another way
 * than contract/dimission-rules serviceMonths, for the property tests.
 */

/** Every string the PDF shows, in drawing order, joined (wrapped lines read as one text). */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  let out = '';
  for (const m of src.matchAll(/<([0-9a-f]+)> Tj/g)) {
    const hex = m[1]!;
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  }
  return out.replace(/\u3000/g, '');
}

/**
 * 在本单位的工作年限 by counting: the most months m such that the entry date moved on by m months
 * (kept within the month: 31 January + 1 month = 28/29 February) is no later than the day after
 * the departure (both days worked).
 */
export function referenceTenure(entry: string, leave: string): string {
  const [y, m, d] = entry.split('-').map(Number) as [number, number, number];
  const [ly, lm, ld] = leave.split('-').map(Number) as [number, number, number];
  const end = Date.UTC(ly, lm - 1, ld + 1);
  const moved = (k: number) => {
    const idx = m - 1 + k;
    const last = new Date(Date.UTC(y + Math.floor(idx / 12), (idx % 12) + 1, 0)).getUTCDate();
    return Date.UTC(y + Math.floor(idx / 12), idx % 12, Math.min(d, last));
  };
  let months = 0;
  while (moved(months + 1) <= end) months++;
  return `${Math.floor(months / 12)}年${months % 12}个月`;
}
