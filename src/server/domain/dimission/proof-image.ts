/**
 * Departure proofs (离职证明, `no8_pic`): images drawn by the server from the platform's records,
 * served at short-lived signed URLs so an <img>/canvas can load them without the bearer token
 * and a leaked link stops working after PROOF_URL_TTL_S.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { safeEqual } from '../../lib/crypto';
import type { ProofDocument } from '../../../contract/dimission-rules';

export const PROOF_URL_TTL_S = 30 * 60;
const secrets = new WeakMap<Db, Promise<string>>();

/** The signing secret, created once per database (app_meta) so every server instance agrees. */
function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = (async () => {
      await db.query("INSERT INTO app_meta (key, value) VALUES ('file_url_secret', $1) ON CONFLICT (key) DO NOTHING", [randomBytes(32).toString('hex')]);
      return (await db.one<{ value: string }>("SELECT value FROM app_meta WHERE key = 'file_url_secret'"))!.value;
    })();
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

const sign = (secret: string, id: number, exp: number) => createHmac('sha256', secret).update(`proof:${id}:${exp}`).digest('base64url');

export async function proofUrl(db: Db, workId: number, now: Date): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + PROOF_URL_TTL_S;
  return `/files/proof/${workId}.svg?exp=${exp}&sig=${sign(await secretOf(db), workId, exp)}`;
}

export async function checkProofUrl(db: Db, workId: number, exp: number, sig: string, now: Date): Promise<boolean> {
  if (!Number.isFinite(exp) || exp * 1000 < now.getTime()) return false;
  return safeEqual(sign(await secretOf(db), workId, exp), sig);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Wraps text to `width` em a line: CJK characters are 1 em, Latin letters and digits about half;
 * a run of digits or letters (a year, a name) is never split, and no line starts with punctuation.
 */
export function lines(text: string, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9.]+|[\s\S]/gu) ?? [];
  const w = (tok: string) => (/^[A-Za-z0-9.]+$/.test(tok) ? tok.length * 0.56 : 1);
  const out: string[] = [];
  let line = '';
  let used = 0;
  for (const tok of tokens) {
    const tw = w(tok);
    if (used + tw > width && line && !/^[，。、；：）”！？]$/.test(tok)) {
      out.push(line);
      line = '';
      used = 0;
    }
    line += tok;
    used += tw;
  }
  if (line) out.push(line);
  return out;
}

/**
 * An A4 page at 150 dpi (1240×1754): larger than the console's 992×1402 canvas cap on purpose, so
 * the certificate dialog scales it down. Drawn from the one proof template
 * (contract/dimission-rules proofDocument) that the console's print view and the employee's page
 * also render; `paper`: in = issued on the platform, other = the candidate's upload of a paper proof.
 */
export function proofSvg(doc: ProofDocument, paper: 'in' | 'other'): string {
  const W = 1240;
  const H = 1754;
  let y = 500;
  const out: string[] = [];
  for (const l of lines(doc.opening, 23)) {
    out.push(`<text x="160" y="${y}" font-size="40">${esc(l)}</text>`);
    y += 70;
  }
  y += 10;
  for (const it of doc.items) {
    const ls = lines(`${it.label}：${it.value}`, 24);
    ls.forEach((l, i) => out.push(`<text x="${i ? 200 : 160}" y="${y + i * 60}" font-size="36">${esc(l)}</text>`));
    y += ls.length * 60 + 8;
  }
  out.push(`<text x="200" y="${y + 30}" font-size="40">${esc(doc.closing)}</text>`);
  const fill = paper === 'other' ? '#fbf8f1' : '#ffffff';
  // the area the company stamps on paper, marked and left blank: no drawing imitates a seal (issue 30 item 6)
  const verify = paper === 'in' && doc.verify ? `验真码 ${doc.verify.code}，` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${fill}"/>
<rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="#c8ccd4" stroke-width="3"/>
<g font-family="'Noto Serif CJK SC','Source Han Serif SC','SimSun','WenQuanYi Micro Hei',serif" fill="#1f2329">
<text x="${W / 2}" y="300" font-size="88" font-weight="bold" text-anchor="middle" letter-spacing="24">${esc(doc.title)}</text>
<text x="${W - 150}" y="400" font-size="30" text-anchor="end" fill="#646a73">${esc(doc.serial)}</text>
${out.join('\n')}
<text x="${W - 150}" y="1430" font-size="40" text-anchor="end">${esc(doc.company)}</text>
<text x="${W - 150}" y="1510" font-size="40" text-anchor="end">${esc(doc.date)}</text>
</g>
<rect x="${W - 420}" y="1130" width="240" height="240" fill="none" stroke="#b0b5bd" stroke-width="3" stroke-dasharray="14 10"/>
<text x="${W - 300}" y="1262" font-size="30" fill="#8f959e" text-anchor="middle" font-family="'WenQuanYi Micro Hei',sans-serif">${esc(doc.sealArea)}</text>
<text x="150" y="${H - 110}" font-size="26" fill="#8f959e" font-family="'WenQuanYi Micro Hei',sans-serif">${esc(paper === 'in' ? `${doc.footnote}，${verify}可在平台核验真伪` : '求职者上传的纸质离职证明（平台转录）')}</text>
</svg>`;
}
