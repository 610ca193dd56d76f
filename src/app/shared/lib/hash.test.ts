// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hashChunks } from './hash';

describe('a digest shown in groups', () => {
  it('cuts 64 hex digits into 8 groups of 8, lower case, nothing lost', () => {
    const h = 'A'.repeat(8) + 'b'.repeat(8) + '0'.repeat(48);
    expect(hashChunks(h)).toEqual(['aaaaaaaa', 'bbbbbbbb', ...Array<string>(6).fill('00000000')]);
    expect(hashChunks(h).join('')).toBe(h.toLowerCase());
  });
  it('keeps a short tail and an empty digest', () => {
    expect(hashChunks('0123456789')).toEqual(['01234567', '89']);
    expect(hashChunks('')).toEqual([]);
  });
});
