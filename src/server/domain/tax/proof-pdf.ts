/**
 * The issued 完税证明 as a PDF (issue 31): drawn once when the operator issues it, with lib/pdf.ts
 * (the departure proof's writer: STSong-Light, which PDF readers supply, so nothing is embedded),
 * stored with its SHA-256 (proof-file.ts). One line per payout row; as many A4 pages as the rows
 * need, each with the serial, the page number and the 验真 QR, so any page checks the whole.
 */
import { fenText } from '../../../contract/money';
import { PdfPage, pdfFile, qrSquares, textWidth, wrap } from '../../lib/pdf';

export interface TaxProofDoc {
  title: string;
  /** （表格式） or （文书式） */
  kind: string;
  serial: string;
  date: string;
  /** the withholding agent (the platform) and the company the proof is for */
  agent: string;
  company: string;
  creditcode: string;
  period: string;
  applyNo: string;
  rows: { name: string; cert: string; period: string; treasury: string; income: number; tax: number }[];
  income: number;
  tax: number;
  verify: { code: string; url: string };
}

const W = 595.28;
const H = 841.89;
const LEFT = 48;
const RIGHT = W - 48;
const GREY = [100, 106, 115] as const;
const LIGHT = [143, 149, 158] as const;
const ROW = 18;
const FOOT = 190;
/** column: header, width, alignment */
const COLS: [string, number, 'left' | 'right'][] = [
  ['序号', 30, 'left'],
  ['姓名', 56, 'left'],
  ['身份证号', 112, 'left'],
  ['品目名称', 70, 'left'],
  ['税款所属期', 52, 'left'],
  ['入库日期', 60, 'left'],
  ['收入额（元）', 60, 'right'],
  ['实缴金额（元）', 59, 'right'],
];
const NOTE = '本证明所列个人所得税由扣缴义务人代扣代缴，已于入库日期缴入国库。本电子文件未加盖印章，内容与真伪以验真结果为准。';

function tableRow(p: PdfPage, y: number, cells: string[], o: { size?: number; color?: readonly [number, number, number] } = {}) {
  let x = LEFT;
  COLS.forEach(([, w, align], i) => {
    const cell = cells[i] ?? '';
    p.text(align === 'right' ? x + w - 4 : x + 2, y, o.size ?? 9, cell, { align, color: o.color });
    x += w;
  });
}

/** The PDF of an issued proof; `created`: when it was issued (the file's own date). */
export function taxProofPdf(doc: TaxProofDoc, created: Date): Buffer {
  const total = ['合计', '', '', '', '', '', fenText(doc.income), fenText(doc.tax)];
  const lines: string[][] = doc.rows.map((r, i) => [
    String(i + 1),
    r.name,
    r.cert,
    '劳务报酬所得',
    r.period,
    r.treasury || '未入库',
    fenText(r.income),
    fenText(r.tax),
  ]);
  const first = Math.floor((H - 288 - FOOT) / ROW) - 1;
  const next = Math.floor((H - 120 - FOOT) / ROW) - 1;
  const chunks: string[][][] = [];
  let rest = [...lines, total];
  chunks.push(rest.slice(0, first));
  rest = rest.slice(first);
  while (rest.length) {
    chunks.push(rest.slice(0, next));
    rest = rest.slice(next);
  }
  const pages = chunks.map((chunk, n) => {
    const p = new PdfPage(W, H);
    let y = H - 64;
    if (n === 0) {
      p.text(W / 2, y - 14, 20, doc.title, { align: 'center', spacing: 4 });
      p.text(W / 2, y - 38, 12, doc.kind, { align: 'center' });
      y -= 66;
      // two facts a line, a name (which may be long) on a line of its own
      const info: [string, string][][] = [
        [
          ['证明编号', doc.serial],
          ['填发日期', doc.date],
        ],
        [['扣缴义务人', doc.agent]],
        [['申请单位', doc.company]],
        [
          ['统一社会信用代码', doc.creditcode],
          ['税款所属期', doc.period],
        ],
      ];
      info.forEach((line, i) =>
        line.forEach(([k, v], j) => {
          const x = j === 0 ? LEFT : LEFT + 290;
          p.text(x, y - i * 20, 10, `${k}：`, { color: GREY });
          p.text(x + textWidth(`${k}：`, 10), y - i * 20, 10, v);
        }),
      );
      y -= 90;
    } else {
      p.text(LEFT, y, 10, `${doc.title}${doc.kind}（续） ${doc.serial}`, { color: GREY });
      y -= 24;
    }
    p.line(LEFT, y + 13, RIGHT, y + 13);
    tableRow(
      p,
      y,
      COLS.map(([h]) => h),
      { color: GREY },
    );
    p.line(LEFT, y - 5, RIGHT, y - 5, { color: LIGHT });
    y -= ROW;
    for (const cells of chunk) {
      tableRow(p, y, cells);
      y -= ROW;
    }
    p.line(LEFT, y + ROW - 5, RIGHT, y + ROW - 5);
    // the foot of every page: how to check it, the note, the page
    const footY = FOOT - 20;
    p.line(LEFT, footY, RIGHT, footY, { color: LIGHT });
    const qr = 78;
    p.fill(qrSquares(doc.verify.url, LEFT, footY - 10, qr));
    const tx = LEFT + qr + 16;
    p.text(tx, footY - 30, 12, `验真码  ${doc.verify.code}`);
    wrap(`扫描二维码或访问 ${doc.verify.url}，核对本证明的出具记录与文件是否一致。`, 9.5, RIGHT - tx).forEach((l, i) =>
      p.text(tx, footY - 50 - i * 14, 9.5, l, { color: GREY }),
    );
    wrap(NOTE, 9.5, RIGHT - LEFT).forEach((l, i) => p.text(LEFT, 56 - i * 14, 9.5, l, { color: GREY }));
    p.text(RIGHT, 24, 9, `申请编号 ${doc.applyNo} · 第 ${n + 1} 页 共 ${chunks.length} 页`, { align: 'right', color: LIGHT });
    return p;
  });
  return pdfFile(pages, { title: `${doc.title} ${doc.serial}`, author: doc.agent, subject: `${doc.title}${doc.kind}`, created });
}
