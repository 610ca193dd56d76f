/**
 * Route guards, exactly as SPEC §5 (and §2 for /login):
 * 1. a route needs a token unless marked never-login; without one → /login;
 * 2. /login is only reachable when not logged in → /index;
 * 3. a route whose name contains "Taxes" needs the tax flag (is_pay_taxe) → /;
 * 4. an auth route sends no_apply users to /create and apply users to /inReview.
 */
import type { CompanyStatus } from '../../../contract';

export interface GuardMeta {
  name: string;
  neverLogin?: boolean;
  /** only for visitors who are not logged in (/login) */
  loginOnly?: boolean;
  /** needs a company that is neither no_apply nor apply */
  auth?: boolean;
}

export interface GuardSession {
  loggedIn: boolean;
  companyStatus: CompanyStatus | undefined;
  isPayTaxe: boolean;
}

/** Where to go instead, or null to show the route. */
export function guardRedirect(route: GuardMeta, s: GuardSession, currentPath = ''): string | null {
  if (!s.loggedIn) {
    if (route.neverLogin) return null;
    const back = currentPath && currentPath !== '/' && !currentPath.startsWith('/login') ? currentPath : '';
    return back ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
  }
  if (route.loginOnly) return '/index';
  if (route.name.includes('Taxes') && !s.isPayTaxe) return '/';
  if (route.auth) {
    if (s.companyStatus === 'no_apply') return '/create';
    if (s.companyStatus === 'apply') return '/inReview';
  }
  return null;
}

/** A redirect target from ?redirect= is only followed inside the console. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/index';
  return target;
}
