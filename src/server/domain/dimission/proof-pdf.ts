/**
 * The issued proof as a PDF (issue 30): drawn once at 确认出具 from the one template
 * (contract/dimission-rules proofDocument), stored with its SHA-256 (proof-files.ts) and handed to
 * the employee as these very bytes, so 验真 can tell whether a file someone presents is the one
 * issued. It is the copy meant to be forwarded: the ID number is masked as on the employee's link,
 * the （盖章） area is left blank and says so — no drawing imitates a seal — and a QR with the
 * 验真码 leads to the public check.
 */
import type { ProofDocument } from '../../../contract/dimission-rules';
import { PdfPage, pdfFile, qrSquares, textWidth, wrap } from '../../lib/pdf';

const W = 595.28;
const H = 841.89;
const LEFT = 72;
const RIGHT = W - 72;
const GREY = [100, 106, 115] as const;
const LIGHT = [143, 149, 158] as const;

export const PDF_NOTE = '本电子文件未加盖印章，内容与真伪以验真结果为准；纸质证明以用人单位盖章为准。';
/** The note of the copy rendered for the company's electronic seal (proof-seal.ts). */
export const PDF_NOTE_SEALED = '本电子文件由用人单位加盖电子印章（e签宝），内容与真伪以验真结果为准。';

/**
 * The PDF of an issued proof; `created` is when it was issued (the file's own date). `forSeal`:
 * the copy e签宝 seals — the same facts and layout, the （盖章） area left clear for the seal and
 * the note saying it is sealed electronically (the issued file says it is not sealed).
 */
export function proofPdf(doc: ProofDocument, created: Date, forSeal = false): Buffer {
  const p = new PdfPage(W, H);
  draw(p, doc, forSeal);
  return pdfFile(p, { title: `${doc.title} ${doc.serial.replace('编号：', '')}`.trim(), author: doc.company, subject: doc.title, created });
}

/**
 * The centre of the （盖章） area on page 1 of `doc`'s PDF, in points from the bottom left: where
 * the company's electronic seal goes (proof-seal.ts). The same layout as the file drawn.
 */
export function sealCentre(doc: ProofDocument): { x: number; y: number } {
  return draw(new PdfPage(W, H), doc);
}

/** Draws the proof on `p`; answers the centre of its （盖章） area. */
function draw(p: PdfPage, doc: ProofDocument, forSeal = false): { x: number; y: number } {
  p.text(W / 2, H - 110, 26, doc.title, { align: 'center', spacing: 10 });
  if (doc.serial) p.text(RIGHT, H - 140, 10.5, doc.serial, { align: 'right', color: GREY });
  let y = H - 185;
  const body = 14;
  const lead = 26;
  // the opening, its first line indented two characters
  const opening = wrap(`\u3000\u3000${doc.opening}`, body, RIGHT - LEFT);
  for (const l of opening) {
    p.text(LEFT, y, body, l);
    y -= lead;
  }
  y -= 6;
  for (const it of doc.items) {
    const label = `${it.label}：`;
    const indent = LEFT + 28 + textWidth(label, body);
    const ls = wrap(it.value, body, RIGHT - indent);
    p.text(LEFT + 28, y, body, label);
    ls.forEach((l, i) => p.text(indent, y - i * lead, body, l));
    y -= ls.length * lead + 4;
  }
  y -= 6;
  p.text(LEFT + 28, y, body, doc.closing);
  // the signature block: the blank area the stamp goes on (marked, never filled), the company, the date
  const box = 100;
  const signY = Math.max(Math.min(y - box - 34, 330), 232);
  const boxX = RIGHT - box - 20;
  if (!forSeal) {
    p.frame(boxX, signY + 22, box, box, { color: LIGHT, dash: 4 });
    p.text(boxX + box / 2, signY + 22 + box / 2 - 5, 12, doc.sealArea, { align: 'center', color: LIGHT });
  }
  p.text(RIGHT, signY, body, doc.company, { align: 'right' });
  p.text(RIGHT, signY - lead, body, doc.date, { align: 'right' });
  // how to check it, above the notes at the foot
  const footY = 166;
  p.line(LEFT, footY, RIGHT, footY, { color: LIGHT });
  if (doc.verify) {
    const qr = 78;
    p.fill(qrSquares(doc.verify.url, LEFT, footY - 10, qr));
    const tx = LEFT + qr + 16;
    p.text(tx, footY - 30, 12, `验真码  ${doc.verify.code}`);
    wrap(doc.verify.text, 9.5, RIGHT - tx).forEach((l, i) => p.text(tx, footY - 50 - i * 14, 9.5, l, { color: GREY }));
  }
  const notes = [...wrap(forSeal ? PDF_NOTE_SEALED : PDF_NOTE, 9.5, RIGHT - LEFT)];
  notes.forEach((l, i) => p.text(LEFT, 56 - i * 14, 9.5, l, { color: GREY }));
  p.text(LEFT, 56 - notes.length * 14, 9, doc.footnote, { color: LIGHT });
  return { x: boxX + box / 2, y: signY + 22 + box / 2 };
}
