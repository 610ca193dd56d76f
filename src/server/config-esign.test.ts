/**
 * The e签宝 settings of config.ts (issue 29 item 3): ESIGN_APP_ID and ESIGN_APP_SECRET together or
 * neither, in both profiles; the endpoint's default; http only for this machine; the 三要素 flag; the
 * signing-flow switch (on by default: signatures through e签宝 whenever there is one).
 */
import { describe, expect, it } from 'vitest';
import { productionEnv } from '../../tests/setup/spawn';
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

describe('ESIGN_*', () => {
  it('none: no provider (the demo then uses its sandbox), 二要素 only', () => {
    expect(loadConfig({})).toMatchObject({ esign: null, realnameTelecom3: false });
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv)).toMatchObject({ esign: null, realnameTelecom3: false });
  });

  it('the application: both settings, the production endpoint by default, or the one given', () => {
    const app = { ESIGN_APP_ID: '7438800001', ESIGN_APP_SECRET: 'app-key-of-the-application' };
    expect(loadConfig(productionEnv(app) as NodeJS.ProcessEnv).esign).toEqual({
      endpoint: 'https://openapi.esign.cn',
      appId: '7438800001',
      appSecret: 'app-key-of-the-application',
    });
    expect(loadConfig({ ...app, ESIGN_ENDPOINT: 'https://smlopenapi.esign.cn/', ESIGN_REALNAME_TELECOM3: '1' })).toMatchObject({
      esign: { endpoint: 'https://smlopenapi.esign.cn' },
      realnameTelecom3: true,
    });
    // a demo server's sandbox on this machine, for an acceptance run of the production profile
    expect(loadConfig(productionEnv({ ...app, ESIGN_ENDPOINT: 'http://127.0.0.1:8080/sandbox/esign' }) as NodeJS.ProcessEnv).esign?.endpoint).toBe(
      'http://127.0.0.1:8080/sandbox/esign',
    );
  });

  it('refused: one of the pair alone, an endpoint without the application, plain http elsewhere, a bad flag', () => {
    expect(problemsOf(productionEnv({ ESIGN_APP_ID: '7438800001' }))).toEqual(['ESIGN_APP_SECRET: 已设置其他 ESIGN_* 时必须一并设置']);
    expect(problemsOf({ ESIGN_APP_SECRET: 'app-key-of-the-application' })).toEqual(['ESIGN_APP_ID: 已设置其他 ESIGN_* 时必须一并设置']);
    expect(problemsOf({ ESIGN_ENDPOINT: 'https://openapi.esign.cn' })).toEqual(['ESIGN_APP_ID: 已设置 ESIGN_ENDPOINT 时必须设置（以及 ESIGN_APP_SECRET）']);
    expect(problemsOf({ ESIGN_APP_ID: '7438800001', ESIGN_APP_SECRET: 'app-key-of-the-application', ESIGN_ENDPOINT: 'http://openapi.esign.cn' })).toHaveLength(
      1,
    );
    expect(problemsOf({ ESIGN_REALNAME_TELECOM3: 'yes' })).toEqual(['ESIGN_REALNAME_TELECOM3: 只能是 0 或 1']);
    expect(problemsOf(productionEnv({ ESIGN_SIGN_FLOWS: 'on' }))).toEqual(['ESIGN_SIGN_FLOWS: 只能是 0 或 1']);
  });

  it('ESIGN_SIGN_FLOWS: signing flows unless 0, in both profiles', () => {
    expect(loadConfig({}).signFlows).toBe(true);
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).signFlows).toBe(true);
    expect(loadConfig({ ESIGN_SIGN_FLOWS: '0' }).signFlows).toBe(false);
    expect(loadConfig(productionEnv({ ESIGN_SIGN_FLOWS: '0' }) as NodeJS.ProcessEnv).signFlows).toBe(false);
  });
});
