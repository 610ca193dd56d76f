// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, mediaKindOf, percent } from './format';

describe('upload display', () => {
  it('formats sizes 1024-based', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(1024 ** 3 * 1.25)).toBe('1.3 GB');
    expect(formatBytes(-1)).toBe('0 B');
  });
  it('formats time left in Chinese', () => {
    expect(formatDuration(45)).toBe('45秒');
    expect(formatDuration(200)).toBe('3分20秒');
    expect(formatDuration(120)).toBe('2分');
    expect(formatDuration(3900)).toBe('1小时5分');
  });
  it('never shows 100 % before success', () => {
    expect(percent(999, 1000, false)).toBe(99);
    expect(percent(1000, 1000, true)).toBe(100);
    expect(percent(0, 0, false)).toBe(0);
  });
  it('tells videos from images', () => {
    expect(mediaKindOf({ name: '宣传片.MP4', type: '' })).toBe('video');
    expect(mediaKindOf({ name: 'a.bin', type: 'video/quicktime' })).toBe('video');
    expect(mediaKindOf({ name: '营业执照.jpg', type: 'image/jpeg' })).toBe('image');
    expect(mediaKindOf({ name: '协议.pdf', type: 'application/pdf' })).toBeNull();
  });
});
