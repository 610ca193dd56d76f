/**
 * Whose an upload is (accounts/credentials.ts): a company's, a user's alone, or a task worker's —
 * one rule for the console, the worker's page and the sandboxes; and the session policy a task
 * worker's STS asks for (adapters/sts.ts). What a credential may reach is what its policies allow:
 * sandbox/ram-policy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CONSOLE_UPLOAD_ACTIONS, uploadPolicy, IMAGE_UPLOAD_ACTIONS } from '../../adapters/sts';
import { OWNER_KEY_RE, ownerFrom, ownerOf, ownerPrefix } from './credentials';

const company = { user_id: 5, company_id: 12, task_worker_id: null };
const solo = { user_id: 5, company_id: null, task_worker_id: null };
const worker = { user_id: null, company_id: null, task_worker_id: 7 };

describe('upload owners', () => {
  it('names and prefixes each kind apart', () => {
    expect([ownerOf(company), ownerOf(solo), ownerOf(worker)]).toEqual(['c:12', 'u:5', 'w:7']);
    expect([ownerPrefix(company), ownerPrefix(solo), ownerPrefix(worker)]).toEqual(['c12/', 'u5/', 'w7/']);
    for (const k of ['c12/sv/a.mp4', 'u5/image/default/A.png', 'w7/image/default/B.jpg']) expect(OWNER_KEY_RE.test(k)).toBe(true);
    expect(OWNER_KEY_RE.test('image/default/C.jpg')).toBe(false);
  });

  it('reads the owner back from a row; a row of nobody has none', () => {
    expect(ownerFrom({ user_id: 5, company_id: 12, task_worker_id: null })).toEqual(company);
    expect(ownerFrom({ user_id: null, company_id: null, task_worker_id: 7 })).toEqual(worker);
    expect(ownerFrom({ user_id: null, company_id: null, task_worker_id: null })).toBeNull();
  });

  it('the session policy names the VOD calls each may make: a task worker image uploads only, the console all its uploads (the intersection rule denies any left out)', () => {
    const w = JSON.parse(uploadPolicy('bkt', 'w7/', IMAGE_UPLOAD_ACTIONS));
    expect(w.Statement[0].Resource).toEqual(['acs:oss:*:*:bkt/w7/*']);
    expect(w.Statement[1]).toEqual({ Effect: 'Allow', Action: [...IMAGE_UPLOAD_ACTIONS], Resource: ['*'] });
    const c = JSON.parse(uploadPolicy('bkt', 'c12/'));
    expect(c.Statement[1]).toEqual({ Effect: 'Allow', Action: [...CONSOLE_UPLOAD_ACTIONS], Resource: ['*'] });
    expect(c.Statement[1].Action).toEqual(expect.arrayContaining(['vod:CreateUploadVideo', 'vod:CreateUploadAttachedMedia', 'vod:CreateUploadImage']));
  });
});
