/**
 * Money as people read it. Money is an integer number of fen (分) everywhere but the display
 * (ARCHITECTURE §1); this is the one place fen become text, for the console, the contract and the
 * server alike. Integer arithmetic only, no Intl: the same text in every runtime and no float
 * rounding surprises. (人民币大写 on a receipt is another thing: payouts/lib/rmb.ts.)
 */

export interface MoneyFormat {
  /** 'always' (the default): `3,980.00`; 'auto': whole yuan without decimals (`3,980`), else two (`12.50`). */
  decimals?: 'always' | 'auto';
  /** thousands separators (the default); false: `3980.00`, as a form's input or a file holds it. */
  grouping?: boolean;
}

/** fen → `1,234.50` (negative: `-1,234.50`); a fraction of a fen is dropped. */
export function fenText(fen: number, { decimals = 'always', grouping = true }: MoneyFormat = {}): string {
  const value = Math.trunc(fen);
  const abs = Math.abs(value);
  const whole = String(Math.floor(abs / 100));
  const rest = abs % 100;
  const yuan = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const text = rest === 0 && decimals === 'auto' ? yuan : `${yuan}.${String(rest).padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

/** fen → `¥1,234.50` (negative: `-¥1,234.50`); the same options as fenText. */
export function yuanText(fen: number, format: MoneyFormat = {}): string {
  const text = fenText(fen, format);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** `12.5` / `12.50` / `1,200` 元 → fen; null when not a positive amount with at most 2 decimals. */
export function yuanToFen(input: string): number | null {
  const s = input.trim().replace(/[,，]/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}
