import { afterEach, describe, expect, it } from 'vitest';
import { releaseStaleModalHiding } from './stale-modal';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('releaseStaleModalHiding', () => {
  it('takes a left-over aria-hidden off the page when no modal dialog is open', () => {
    document.body.innerHTML = '<i data-tabster-dummy aria-hidden="true"></i><div id="root" aria-hidden="true"><button>x</button></div>';
    releaseStaleModalHiding();
    expect(document.getElementById('root')!.hasAttribute('aria-hidden')).toBe(false);
    // the focus manager's own sentinels keep theirs
    expect(document.querySelector('[data-tabster-dummy]')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves the hiding alone while a modal dialog is open', () => {
    document.body.innerHTML = '<div id="root" aria-hidden="true"></div><div><div role="dialog" aria-modal="true"></div></div>';
    releaseStaleModalHiding();
    expect(document.getElementById('root')!.getAttribute('aria-hidden')).toBe('true');
  });
});
