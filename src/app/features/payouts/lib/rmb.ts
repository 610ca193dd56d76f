/** 人民币大写 of an amount in fen, as a receipt prints it: 12345 → 壹佰贰拾叁元肆角伍分. */
const D = '零壹贰叁肆伍陆柒捌玖';
const UNIT = ['仟', '佰', '拾', ''];
const BIG = ['', '万', '亿', '万亿'];

function integerPart(n: number): string {
  const s = String(n);
  const groups: string[] = [];
  for (let i = s.length; i > 0; i -= 4) groups.unshift(s.slice(Math.max(0, i - 4), i));
  let out = '';
  let gap = false; // a zero group (or zeros) between written digits
  groups.forEach((g, gi) => {
    if (Number(g) === 0) {
      gap = out !== '';
      return;
    }
    const p = g.padStart(4, '0');
    let part = '';
    for (let k = 0; k < 4; k++) {
      const d = Number(p[k]);
      if (d === 0) {
        if (out !== '' || part !== '') gap = true;
        continue;
      }
      if (gap) part += '零';
      part += D[d]! + UNIT[k]!;
      gap = false;
    }
    out += part + BIG[groups.length - 1 - gi]!;
  });
  return out;
}

export function rmbUpper(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) return '';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const f = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerPart(yuan)}元` : '';
  if (jiao === 0 && f === 0) return `${out}整`;
  if (jiao > 0) out += `${D[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (f > 0) out += `${D[f]}分`;
  return out;
}
