// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { base64Bytes, fileProblem, fileSize } from './file';

describe('import files', () => {
  it('only .xlsx up to 5 MB, not empty', () => {
    expect(fileProblem({ name: '名单.xlsx', size: 1000 })).toBeNull();
    expect(fileProblem({ name: '名单.XLSX', size: 5 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: '名单.xls', size: 1000 })).toBe('type');
    expect(fileProblem({ name: '名单.csv', size: 1000 })).toBe('type');
    expect(fileProblem({ name: '名单.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(fileProblem({ name: '名单.xlsx', size: 0 })).toBe('empty');
  });
  it('decodes base64 and writes sizes', () => {
    expect([...base64Bytes('UEsDBA==')]).toEqual([0x50, 0x4b, 3, 4]);
    expect(fileSize(2048)).toBe('2KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0MB');
  });
});
