/**
 * Fluent's focus manager (tabster) hides the rest of the page from screen readers while a modal
 * dialog is open (aria-hidden on #root). When the dialog is unmounted while still open — the main
 * layout left with one of the shell's dialogs showing (Back to the print view, a session expiry
 * to /login) — tabster never takes that aria-hidden off, and the whole next page stays hidden
 * from screen readers (found by the axe sweep: aria-hidden-focus on #root). After a route change,
 * when no modal dialog is open, take it off (at once, and again after tabster's own update).
 */
export function releaseStaleModalHiding(doc: Document = document): void {
  if (doc.querySelector('[aria-modal="true"]')) return;
  for (const el of doc.querySelectorAll('body > [aria-hidden="true"]:not([data-tabster-dummy])')) el.removeAttribute('aria-hidden');
}

/** tabster updates the hiding 250 ms after a dialog comes or goes; look after that. */
export const STALE_MODAL_CHECK_MS = 400;
