import { call } from '../../shared/lib/http';

/** POST /ent/v3/login/code: the SMS code goes out (to the sandbox inbox in development). */
export function sendLoginCode(mobile: string) {
  return call('loginCode', { body: { mobile } }, { dedupeMs: 0 });
}
