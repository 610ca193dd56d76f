import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { call, startTestServer, type TestServer } from '../../tests/setup/server';

let s: TestServer;
let dir: string;
const BIG = 'console.log("企业服务平台");\n'.repeat(200);
const INDEX = '<!doctype html><html lang="zh-CN"><head><title>企业服务平台</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hr-console-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"企业服务平台"}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch",()=>{})');
  // what the build's precompress step writes beside a text file
  writeFileSync(join(dir, 'assets', 'big-Zz99Yy88.js'), BIG);
  writeFileSync(join(dir, 'assets', 'big-Zz99Yy88.js.br'), brotliCompressSync(BIG));
  writeFileSync(join(dir, 'assets', 'big-Zz99Yy88.js.gz'), gzipSync(BIG));
  // the compiled API server that `npm run build` writes beside the console (dist/server/)
  mkdirSync(join(dir, 'server', 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'server', 'main.js'), 'const SERVER_SOURCE = 1;');
  writeFileSync(join(dir, 'server', 'migrations', '001_init.sql'), 'CREATE TABLE server_only ();');
  s = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static console', () => {
  it('serves index.html at / without caching', async () => {
    const r = await call<string>(s.url, 'GET', '/', { headers: html });
    expect(r.status).toBe(200);
    expect(r.body).toBe(INDEX);
    expect(r.headers.get('cache-control')).toBe('no-cache');
  });

  it('hashed assets are immutable', async () => {
    const r = await call<string>(s.url, 'GET', '/assets/index-Ab12Cd34.js');
    expect(r.status).toBe(200);
    expect(r.body).toBe('console.log(1)');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    const m = await call(s.url, 'GET', '/manifest.webmanifest');
    expect(m.headers.get('cache-control')).toBe('no-cache');
  });

  it('client routes fall back to index.html (no-cache) for page navigations', async () => {
    for (const path of ['/index', '/position/collection/12/前端开发工程师', '/account?id=colleagues', '/payTaxes/list', '/404']) {
      const r = await call<string>(s.url, 'GET', encodeURI(path), { headers: html });
      expect(r.status, path).toBe(200);
      expect(r.body).toBe(INDEX);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('the service worker and the manifest revalidate on every check', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const r = await call<string>(s.url, 'GET', path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
    }
    const m = await call<string>(s.url, 'GET', '/manifest.webmanifest');
    expect(m.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('precompressed files go to browsers that accept them, the plain file to the others', async () => {
    const br = await fetch(`${s.url}/assets/big-Zz99Yy88.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(BIG); // fetch decodes it: the same bytes
    const gz = await fetch(`${s.url}/assets/big-Zz99Yy88.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(BIG);
    const plain = await call<string>(s.url, 'GET', '/assets/big-Zz99Yy88.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(BIG);
  });

  it('a missing asset is a plain 404, never index.html', async () => {
    for (const path of ['/assets/missing-123.js', '/favicon.ico', '/assets/x.css', '/assets/no-extension']) {
      const r = await call<string>(s.url, 'GET', path, { headers: html });
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('<div id="root">');
    }
  });

  it('a client route asked for by curl (Accept */*) or with no Accept also gets the page', async () => {
    for (const accept of ['*/*', '']) {
      const r = await call<string>(s.url, 'GET', '/position/post', { headers: { accept } });
      expect(r.status, accept).toBe(200);
      expect(r.body).toContain('<div id="root">');
    }
  });

  it('a non-HTML request for an unknown path is a 404', async () => {
    const r = await call<string>(s.url, 'GET', '/index', { headers: { accept: 'application/json' } });
    expect(r.status).toBe(404);
    const post = await call<string>(s.url, 'POST', '/index', { headers: html });
    expect(post.status).toBe(404);
  });

  it('API and sandbox paths never fall back to the page', async () => {
    const r = await call(s.url, 'GET', '/ent/v3/nothing', { headers: html });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, msg: '接口不存在', data: null });
    const sb = await call(s.url, 'GET', '/sandbox/nothing', { headers: html });
    expect(sb.status).toBe(404);
  });

  it('path traversal does not leave the static dir', async () => {
    // normalised to /etc/passwd: a client route as far as the server knows, so the page or a 404
    const r = await call<string>(s.url, 'GET', '/../../etc/passwd');
    expect(r.status).toBeLessThan(500);
    expect(r.body).not.toContain('root:');
    if (r.status === 200) expect(r.body).toContain('<div id="root">');
    else expect(r.status).toBeGreaterThanOrEqual(400);
    const enc = await call<string>(s.url, 'GET', '/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(enc.status).toBeGreaterThanOrEqual(400);
    expect(enc.status).toBeLessThan(500);
    expect(enc.body).not.toContain('root:');
  });

  it('the compiled server beside the console (dist/server/) is never served', async () => {
    for (const path of ['/server/main.js', '/server/migrations/001_init.sql', '/assets/../server/main.js', '/%73erver/main.js', '/server/', '/server']) {
      const r = await call<string>(s.url, 'GET', path, { headers: html });
      expect(String(r.body), path).not.toMatch(/SERVER_SOURCE|server_only/);
      if (r.status === 200) expect(r.body, path).toContain('<div id="root">');
      else expect(r.status, path).toBe(404);
    }
  });
});

describe('without a built console', () => {
  it('answers / with a Chinese hint to run npm run build', async () => {
    for (const staticDir of [null, join(dir, 'assets'), join(dir, 'does-not-exist')]) {
      const app = await buildServer({ db: s.db, staticDir });
      const r = await app.inject({ method: 'GET', url: '/' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('npm run build');
      const page = await app.inject({ method: 'GET', url: '/index', headers: html });
      expect(page.body).toContain('npm run build');
      const asset = await app.inject({ method: 'GET', url: '/assets/a.js' });
      expect(asset.statusCode).toBe(404);
      await app.close();
    }
  });
});
