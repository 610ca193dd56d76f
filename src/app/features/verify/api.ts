import { call } from '../../shared/lib/http';

/** public (the page shows a failure itself): does a SHA-256 (computed here, in the browser) match a signed record or a signed agreement? */
export const verifySigned = (sha256: string) => call('verifySigned', { query: { sha256 } }, { hideMessage: true });
