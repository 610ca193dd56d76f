import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadsFor, withPreloads } from './preloads';

let dir: string;
const INDEX = '<!doctype html><html><head><title>x</title></head><body></body></html>';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hr-preloads-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'preloads.json'),
    JSON.stringify({
      routes: [
        { name: 'login', pattern: '^/login/?$', needsLogin: false, files: ['/assets/login-1.js', '/assets/Tab-2.js'] },
        { name: 'index', pattern: '^/index/?$', needsLogin: true, files: ['/assets/MainLayout-3.js', '/assets/home-4.js'] },
        { name: 'positionEntry', pattern: '^/position/entry/[^/]+/[^/]+/?$', needsLogin: true, files: ['/assets/MainLayout-3.js', '/assets/entry-5.js'] },
        { name: 'leave', pattern: '^/m/leave/[^/]+/?$', needsLogin: false, files: ['/assets/leave-6.js'] },
      ],
      redirects: { '/': '/index' },
      loginPath: '/login',
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('route preloads (first paint in one wave)', () => {
  it("a path gets its route's chunks", () => {
    expect(preloadsFor(dir, '/login')).toEqual(['/assets/login-1.js', '/assets/Tab-2.js']);
    expect(preloadsFor(dir, '/m/leave/abc')).toEqual(['/assets/leave-6.js']);
    expect(preloadsFor(dir, '/position/entry/12/%E5%89%8D', 'token=t1')).toEqual(['/assets/MainLayout-3.js', '/assets/entry-5.js']);
  });

  it('follows the guards: no session → /login, a session at /login → /index, / → /index', () => {
    expect(preloadsFor(dir, '/index')).toEqual(['/assets/login-1.js', '/assets/Tab-2.js']);
    expect(preloadsFor(dir, '/index', 'a=1; token=')).toEqual(['/assets/login-1.js', '/assets/Tab-2.js']);
    expect(preloadsFor(dir, '/index', 'a=1; token=abc')).toEqual(['/assets/MainLayout-3.js', '/assets/home-4.js']);
    expect(preloadsFor(dir, '/login', 'token=abc')).toEqual(['/assets/MainLayout-3.js', '/assets/home-4.js']);
    expect(preloadsFor(dir, '/', 'token=abc')).toEqual(['/assets/MainLayout-3.js', '/assets/home-4.js']);
  });

  it('an unknown path or a build without the map gets none, and the page is unchanged', () => {
    expect(preloadsFor(dir, '/nope')).toEqual([]);
    expect(withPreloads(INDEX, dir, '/nope')).toBe(INDEX);
    expect(withPreloads(INDEX, join(dir, 'missing'), '/login')).toBe(INDEX);
  });

  it('injects modulepreload links before </head>', () => {
    expect(withPreloads(INDEX, dir, '/login')).toBe(
      '<!doctype html><html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="modulepreload" crossorigin href="/assets/Tab-2.js"></head><body></body></html>',
    );
  });
});
