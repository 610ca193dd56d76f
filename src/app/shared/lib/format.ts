/**
 * Display formatting. Money (fen → ¥ text) is src/contract/money.ts (fenText, yuanText), shared
 * with the server.
 */

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
  return parts
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}
