import { describe, expect, it } from 'vitest';
import { documentTitle } from './title';

describe('documentTitle (messages.md)', () => {
  it('joins page title, subtitle and product name', () => {
    expect(documentTitle('收到的简历', 'Java开发工程师')).toBe('收到的简历 - Java开发工程师 - 企业服务平台');
  });
  it('omits a missing part and its dash', () => {
    expect(documentTitle('首页')).toBe('首页 - 企业服务平台');
    expect(documentTitle('首页', '')).toBe('首页 - 企业服务平台');
    expect(documentTitle(undefined, '  ')).toBe('企业服务平台');
    expect(documentTitle(null, '张三')).toBe('张三 - 企业服务平台');
  });
});
