/**
 * The open console follows a change of the caller's roles (issue 27). Every authenticated answer
 * states the roles in `X-Roles` (read from the database with that request); when they differ from
 * the stored user info's `member.roles`, or the server refused a call for want of a permission, the
 * user info is fetched again at once — debounced (the answers of one page arrive together) and one
 * refresh at a time — instead of at the next 60 s refresh.
 */
import { refreshUserInfo } from './actions';
import { session } from './store';

export const ROLES_REFRESH_DEBOUNCE_MS = 150;

export interface RolesWatchDeps {
  /** the stored roles, comma separated; null when nobody is signed in (nothing to follow) */
  stored: () => string | null;
  refresh: () => Promise<unknown>;
  debounceMs?: number;
}

/** The rule, apart from the session (unit-tested): answers a handler for every answer. */
export function rolesWatch({ stored, refresh, debounceMs = ROLES_REFRESH_DEBOUNCE_MS }: RolesWatchDeps) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  // the roles a refresh was made for, and the last ones a refresh has followed: when the user info
  // still says otherwise (it should not), the same header does not refresh again on every call
  let wanted: string | null = null;
  let followed: string | null = null;

  const run = () => {
    timer = null;
    inFlight = true;
    const target = wanted;
    void refresh().then(
      () => {
        inFlight = false;
        if (target !== null) followed = target;
      },
      () => {
        inFlight = false;
      },
    );
  };

  return ({ roles, refused }: { roles: string | null; refused: boolean }): void => {
    const mine = stored();
    if (mine === null) return;
    const changed = roles !== null && roles !== mine && roles !== followed;
    if (!changed && !refused) return;
    if (changed) wanted = roles;
    // an answer that arrives while the refresh is on its way is the refresh's own, or is covered by it
    if (inFlight || timer) return;
    timer = setTimeout(run, debounceMs);
  };
}

/** The session's watch, given to the request layer by the shell (wire.ts). */
export const followRoles = rolesWatch({
  stored: () => (session.loggedIn && session.user ? (session.member?.roles ?? []).join(',') : null),
  refresh: refreshUserInfo,
});
