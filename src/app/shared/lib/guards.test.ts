// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guardRedirect, safeRedirect, type GuardMeta, type GuardSession } from './guards';

const guest: GuardSession = { loggedIn: false, companyStatus: undefined, isPayTaxe: false };
const s = (companyStatus: GuardSession['companyStatus'], isPayTaxe = false): GuardSession => ({
  loggedIn: true,
  companyStatus,
  isPayTaxe,
});
const home: GuardMeta = { name: 'index' };
const login: GuardMeta = { name: 'login', neverLogin: true, loginOnly: true };
const agreement: GuardMeta = { name: 'agreement', neverLogin: true };
const post: GuardMeta = { name: 'positionPost', auth: true };
const taxes: GuardMeta = { name: 'payTaxesList', auth: true };

describe('guardRedirect (SPEC §5)', () => {
  it('sends a visitor without token to /login, keeping where they wanted to go', () => {
    expect(guardRedirect(home, guest)).toBe('/login');
    expect(guardRedirect(post, guest, '/position/post')).toBe('/login?redirect=%2Fposition%2Fpost');
  });

  it('lets visitors see never-login routes', () => {
    expect(guardRedirect(login, guest)).toBeNull();
    expect(guardRedirect(agreement, guest)).toBeNull();
  });

  it('keeps logged-in users off /login', () => {
    expect(guardRedirect(login, s('normal'))).toBe('/index');
    expect(guardRedirect(agreement, s('normal'))).toBeNull();
  });

  it('auth routes: no_apply → /create, apply → /inReview, normal passes', () => {
    expect(guardRedirect(post, s('no_apply'))).toBe('/create');
    expect(guardRedirect(post, s('apply'))).toBe('/inReview');
    expect(guardRedirect(post, s('normal'))).toBeNull();
  });

  it('routes that are not auth do not look at the company', () => {
    expect(guardRedirect(home, s('no_apply'))).toBeNull();
    expect(guardRedirect(home, s('apply'))).toBeNull();
  });

  it('a route whose name contains Taxes needs is_pay_taxe, else /', () => {
    expect(guardRedirect(taxes, s('normal', false))).toBe('/');
    expect(guardRedirect(taxes, s('normal', true))).toBeNull();
    expect(guardRedirect({ name: 'payTaxesAdd' }, s('normal', false))).toBe('/');
    // the tax rule comes before the company rule: no tax flag means home whatever the company
    expect(guardRedirect(taxes, s('no_apply', false))).toBe('/');
    expect(guardRedirect(taxes, s('apply', true))).toBe('/inReview');
  });
});

describe('safeRedirect', () => {
  it('follows only paths inside the console', () => {
    expect(safeRedirect('/position/post')).toBe('/position/post');
    expect(safeRedirect('https://evil.example')).toBe('/index');
    expect(safeRedirect('//evil.example')).toBe('/index');
    expect(safeRedirect('/login')).toBe('/index');
    expect(safeRedirect(null)).toBe('/index');
  });
});
