/** Showing a SHA-256 (签署证据, the public verify page). */

/**
 * A hex digest in groups of 8 digits, lower case, to be shown side by side with a gap of CSS (no
 * space characters: a copied selection stays one hex string, as sha256sum prints it).
 */
export function hashChunks(hex: string): string[] {
  return hex.toLowerCase().match(/.{1,8}/g) ?? [];
}

/** Copies a text: the Clipboard API where there is one (https, localhost), else a selected textarea (plain-http LAN addresses). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    ta.remove();
  }
}
