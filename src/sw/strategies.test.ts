import { describe, expect, it } from 'vitest';
import { isPageToSw, isSwToPage } from './messages';
import { isNetworkFailure, looksLikeFile, outdatedCaches, treatment } from './strategies';

const origin = 'https://hr.example.cn';
const at = (path: string, base = origin) => new URL(path, base);

describe('treatment: what the worker does with a request the precache did not answer', () => {
  it('console navigations get the precached shell, deep links and query strings included', () => {
    for (const path of ['/', '/index', '/position/collection/12/%E5%89%8D%E7%AB%AF', '/account?id=colleagues', '/payTaxes/list', '/404', '/no/such/page']) {
      expect(treatment(at(path), 'GET', 'navigate', origin), path).toBe('shell');
    }
  });

  it('never the shell for the API, the sandboxes, files or assets', () => {
    expect(treatment(at('/ent/v3/usercenter/info'), 'GET', 'navigate', origin)).toBe('network');
    expect(treatment(at('/ent'), 'GET', 'navigate', origin)).toBe('network');
    expect(treatment(at('/sandbox/'), 'GET', 'navigate', origin)).toBe('ignore');
    expect(treatment(at('/sandbox/pay/42'), 'GET', 'navigate', origin)).toBe('ignore');
    expect(treatment(at('/sandbox'), 'GET', 'navigate', origin)).toBe('ignore');
    expect(treatment(at('/assets/home-abc.js'), 'GET', 'navigate', origin)).toBe('network');
    expect(treatment(at('/assets/readme'), 'GET', 'navigate', origin)).toBe('network');
    expect(treatment(at('/icons/icon-512.png'), 'GET', 'navigate', origin)).toBe('network');
    expect(treatment(at('/index'), 'POST', 'navigate', origin)).toBe('ignore');
  });

  it('API calls of every method go to the network (reported, never cached)', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(treatment(at('/ent/v3/login'), method, 'cors', origin)).toBe('network');
    }
  });

  it('the object store uploads and other origins are not touched', () => {
    expect(treatment(at('/sandbox/oss/bucket/video.mp4?partNumber=1'), 'PUT', 'cors', origin)).toBe('ignore');
    expect(treatment(at('/sandbox/vod/?Action=CreateUploadVideo'), 'GET', 'cors', origin)).toBe('ignore');
    expect(treatment(at('/ent/v3/usercenter/info', 'https://api.example.cn'), 'GET', 'cors', origin)).toBe('ignore');
    expect(treatment(at('/index', 'https://other.example.cn'), 'GET', 'navigate', origin)).toBe('ignore');
  });

  it('other same-origin GETs (a removed chunk, the probe) go to the network', () => {
    expect(treatment(at('/assets/gone-123.js'), 'GET', 'cors', origin)).toBe('network');
    expect(treatment(at('/manifest.webmanifest?probe=1'), 'GET', 'cors', origin)).toBe('network');
    expect(treatment(at('/manifest.webmanifest?probe=1'), 'HEAD', 'cors', origin)).toBe('ignore');
  });

  it('looksLikeFile reads the last segment only', () => {
    expect(looksLikeFile('/a.b/index')).toBe(false);
    expect(looksLikeFile('/manifest.webmanifest')).toBe(true);
    expect(looksLikeFile('/position/collection/1/Node.js')).toBe(true);
  });
});

describe('network failures', () => {
  it('a TypeError from fetch is a lack of network; aborts and other errors are not', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    expect(isNetworkFailure(new TypeError('Failed to fetch'), aborted.signal)).toBe(false);
    expect(isNetworkFailure(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure('offline')).toBe(false);
  });
});

describe('caches kept on activate', () => {
  it('everything but the current precache goes', () => {
    expect(outdatedCaches(['workbox-precache-v2-https://hr/', 'api-cache', 'workbox-runtime'], ['workbox-precache-v2-https://hr/'])).toEqual([
      'api-cache',
      'workbox-runtime',
    ]);
  });
});

describe('the page <-> worker protocol', () => {
  it('accepts the messages it knows and nothing else', () => {
    expect(isPageToSw({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isPageToSw({ type: 'GET_VERSION' })).toBe(true);
    expect(isPageToSw({ type: 'NET', online: true })).toBe(false);
    expect(isPageToSw('SKIP_WAITING')).toBe(false);
    expect(isPageToSw(null)).toBe(false);
    expect(isSwToPage({ type: 'NET', online: false })).toBe(true);
    expect(isSwToPage({ type: 'NET', online: 'no' })).toBe(false);
    expect(isSwToPage({ type: 'VERSION', version: '0.1.0+abc' })).toBe(true);
    expect(isSwToPage({ type: 'VERSION' })).toBe(false);
    expect(isSwToPage({ type: 'SKIP_WAITING' })).toBe(false);
  });
});
