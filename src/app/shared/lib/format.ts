/**
 * Display formatting (ARCHITECTURE §1: money is an integer number of fen everywhere but the
 * display, formatted here and nowhere else).
 */

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const yuanWholeFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/**
 * Fen → `¥3,980` (whole yuan) or `¥12,345.60` (with fen). `decimals: 'always'` keeps `.00`.
 * Integer arithmetic only: no float rounding surprises.
 */
export function formatFen(fen: number, options: { decimals?: 'auto' | 'always'; symbol?: boolean } = {}): string {
  const { decimals = 'auto', symbol = true } = options;
  const value = Math.trunc(fen);
  const negative = value < 0;
  const abs = Math.abs(value);
  const yuan = Math.floor(abs / 100);
  const rest = abs % 100;
  const text =
    rest === 0 && decimals === 'auto' ? yuanWholeFormat.format(yuan) : yuanFormat.format(yuan + rest / 100);
  return `${negative ? '-' : ''}${symbol ? '¥' : ''}${text}`;
}

/** `13800000001` → `138****0001` (domain.md §0.2); anything else is returned as is. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** Up to two characters for an avatar: a Chinese name gives its last two characters. */
export function nameInitials(name: string): string {
  const n = name.trim();
  if (!n) return '';
  if (/[\u4e00-\u9fff]/.test(n)) return n.length <= 2 ? n : n.slice(-2);
  const parts = n.split(/\s+/);
  return parts.map((p) => p[0]!.toUpperCase()).slice(0, 2).join('');
}
