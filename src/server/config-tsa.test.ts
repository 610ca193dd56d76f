/**
 * The time-stamping authority's settings of config.ts (issue 29 item 2): TSA_URL and TSA_CERT_FILE
 * together or neither, in both profiles; the certificate file read and checked at start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../tests/setup/spawn';
import { createIdentity } from './sandbox/tsa-authority';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.lines;
    throw err;
  }
};

const dir = mkdtempSync(join(tmpdir(), 'tsa-config-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
let one = '';
let two = '';
beforeAll(async () => {
  const [a, b] = await Promise.all([createIdentity(new Date()), createIdentity(new Date())]);
  one = file('tsa.pem', a.certPem);
  two = file('chain.pem', `# the TSA's certificates\n${a.certPem}\n${b.certPem}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TSA_*', () => {
  it('none: no TSA (the demo then uses its sandbox)', () => {
    expect(loadConfig({}).tsa).toBeNull();
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).tsa).toBeNull();
  });

  it('both: the URL and the file’s certificates, in either profile', () => {
    const tsa = loadConfig(productionEnv({ TSA_URL: 'http://timestamp.example.com/tsa', TSA_CERT_FILE: one }) as NodeJS.ProcessEnv).tsa;
    expect(tsa?.url).toBe('http://timestamp.example.com/tsa');
    expect(tsa?.trustedPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(1);
    const demo = loadConfig({ TSA_URL: 'https://tsa.example.com/', TSA_CERT_FILE: two }).tsa;
    expect(demo?.trustedPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(demo?.trustedPem).not.toContain('#');
  });

  it('refused: one of the pair alone, a URL that is not http(s), a file missing, empty or broken', () => {
    expect(problemsOf(productionEnv({ TSA_URL: 'https://tsa.example.com/' }))).toEqual([
      'TSA_CERT_FILE: 已设置 TSA_URL 时必须设置（时间戳机构签名证书的 PEM 文件路径）',
    ]);
    expect(problemsOf({ TSA_CERT_FILE: one })).toEqual(['TSA_URL: 已设置 TSA_CERT_FILE 时必须设置（时间戳服务地址）']);
    expect(problemsOf({ TSA_URL: 'ftp://tsa.example.com/', TSA_CERT_FILE: one })).toEqual(['TSA_URL: 应为时间戳服务（RFC 3161）的 http:// 或 https:// 地址']);
    expect(problemsOf({ TSA_URL: 'tsa.example.com', TSA_CERT_FILE: one })).toHaveLength(1);
    const missing = join(dir, 'none.pem');
    expect(problemsOf({ TSA_URL: 'https://tsa.example.com/', TSA_CERT_FILE: missing })).toEqual([`TSA_CERT_FILE: 无法读取 ${missing}（ENOENT）`]);
    const empty = file('empty.pem', 'no certificate here\n');
    expect(problemsOf({ TSA_URL: 'https://tsa.example.com/', TSA_CERT_FILE: empty })).toEqual([
      `TSA_CERT_FILE: ${empty} 中没有 PEM 证书（-----BEGIN CERTIFICATE-----）`,
    ]);
    const broken = file('broken.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(problemsOf({ TSA_URL: 'https://tsa.example.com/', TSA_CERT_FILE: broken })).toEqual([`TSA_CERT_FILE: ${broken} 中第 1 个证书无法解析`]);
  });
});
