// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { VerifyData } from '../../../../contract/sign-evidence';
import { verdict } from './verdict';

const none: VerifyData = {
  found: false,
  kind: '',
  company_name: '',
  agreement_name: '',
  version: 0,
  signer: '',
  signed_at: '',
  timestamp_time: '',
  timestamp_ok: false,
  signed_count: 0,
};

describe('the verdict on a file', () => {
  it('says a record matches, with its signer, time and timestamp', () => {
    const v = verdict({
      ...none,
      found: true,
      kind: 'record',
      company_name: '星河科技',
      agreement_name: '灵活用工服务协议',
      version: 2,
      signer: '张**',
      signed_at: '2026-11-20 10:00:00',
      timestamp_time: '2026-11-20 10:00:01',
      timestamp_ok: true,
    });
    expect(v.tone).toBe('match');
    expect(v.text).toBe(
      '该签署记录与 星河科技《灵活用工服务协议》第2版 的签署一致：签署人 张**，签署时间 2026-11-20 10:00:00，可信时间戳 2026-11-20 10:00:01（有效）',
    );
  });
  it('says a signed file e签宝 delivered matches, with its signer, time and timestamp', () => {
    const v = verdict({
      ...none,
      found: true,
      kind: 'signed',
      company_name: '星河科技',
      agreement_name: '灵活用工服务协议',
      version: 1,
      signer: '沈**',
      signed_at: '2026-11-20 10:00:00',
      timestamp_time: '2026-11-20 10:00:02',
      timestamp_ok: true,
    });
    expect(v).toMatchObject({ tone: 'match', title: '签署后文件一致' });
    expect(v.text).toBe(
      '该文件与 星河科技《灵活用工服务协议》第1版 经 e签宝 签署后交付的文件一致：签署人 沈**，签署时间 2026-11-20 10:00:00，可信时间戳 2026-11-20 10:00:02（有效）',
    );
    expect(verdict({ ...none, found: true, kind: 'signed', timestamp_ok: false }).tone).toBe('partial');
  });
  it('flags a record whose timestamp does not verify', () => {
    const v = verdict({ ...none, found: true, kind: 'record', company_name: 'A', agreement_name: 'B', version: 1, signer: '李*', timestamp_ok: false });
    expect(v.tone).toBe('partial');
    expect(v.text).toContain('（无效）');
  });
  it('says an agreement matches its original and how many signed it', () => {
    const v = verdict({ ...none, found: true, kind: 'agreement', company_name: '星河科技', agreement_name: '灵活用工服务协议', version: 3, signed_count: 12 });
    expect(v).toEqual({ tone: 'match', title: '协议原文一致', text: '该文件与 星河科技《灵活用工服务协议》第3版 原文一致，已有 12 人签署' });
  });
  it('warns when nothing matches', () => {
    const v = verdict(none);
    expect(v.tone).toBe('none');
    expect(v.text).toContain('可能已被修改');
  });
});
