import { describe, expect, it } from 'vitest';
import { base64Bytes, mimeOf } from './download';

describe('base64 downloads', () => {
  it('types a file by its extension', () => {
    expect(mimeOf('签署证据_张三.zip')).toBe('application/zip');
    expect(mimeOf('季度明细.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mimeOf('noext')).toBe('application/octet-stream');
  });
  it('decodes base64 to bytes', () => {
    expect([...base64Bytes('UEsDBA==')]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});
