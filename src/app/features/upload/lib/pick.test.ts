// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { canUseFilePicker, IMAGE_ACCEPT, pickerTypes, pickFiles, VIDEO_ACCEPT } from './pick';

const file = (name: string) => new File(['x'], name);
const handleOf = (f: File) => ({ getFile: vi.fn(async () => f) });
const top = {};
const pickerWin = (impl: (...a: unknown[]) => Promise<unknown>) => ({ showOpenFilePicker: vi.fn(impl) as never, isSecureContext: true, self: top, top });

describe('file picking for the upload center', () => {
  it('uses the picker only where the browser has it, in a secure top-level page', () => {
    expect(canUseFilePicker(undefined)).toBe(false);
    expect(canUseFilePicker({})).toBe(false);
    expect(canUseFilePicker(pickerWin(async () => []))).toBe(true);
    expect(canUseFilePicker({ ...pickerWin(async () => []), isSecureContext: false })).toBe(false);
    expect(canUseFilePicker({ ...pickerWin(async () => []), top: {} })).toBe(false);
  });

  it('without the picker clicks the input and answers null', async () => {
    const fallback = vi.fn();
    expect(await pickFiles({ kind: 'video', description: '视频', fallback, win: {} })).toBeNull();
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('with the picker answers the files with their handles (kept for resuming after a reload)', async () => {
    const a = file('a.mp4');
    const b = file('b.mov');
    const ha = handleOf(a);
    const hb = handleOf(b);
    const win = pickerWin(async () => [ha, hb]);
    const fallback = vi.fn();
    const got = await pickFiles({ kind: 'video', description: '视频', fallback, win });
    expect(got).toEqual([
      { file: a, handle: ha },
      { file: b, handle: hb },
    ]);
    expect(fallback).not.toHaveBeenCalled();
    expect(win.showOpenFilePicker).toHaveBeenCalledWith(expect.objectContaining({ multiple: true, types: pickerTypes('video', '视频') }));
  });

  it('a closed picker adds nothing; a refusing picker falls back to the input', async () => {
    const fallback = vi.fn();
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await pickFiles({ kind: 'image', description: '图片', fallback, win: pickerWin(() => Promise.reject(abort)) })).toEqual([]);
    expect(fallback).not.toHaveBeenCalled();
    const security = Object.assign(new Error('no gesture'), { name: 'SecurityError' });
    expect(await pickFiles({ kind: 'image', description: '图片', fallback, win: pickerWin(() => Promise.reject(security)) })).toBeNull();
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('skips a handle that cannot be read', async () => {
    const ok = file('ok.png');
    const bad = { getFile: () => Promise.reject(new Error('NotFoundError')) };
    const got = await pickFiles({ kind: 'image', description: '图片', fallback: vi.fn(), win: pickerWin(async () => [bad, handleOf(ok)]) });
    expect(got?.map((p) => p.file.name)).toEqual(['ok.png']);
  });

  it('offers the same files as the inputs accept', () => {
    expect(VIDEO_ACCEPT).toBe('video/*,.mp4,.mov,.avi,.flv,.mkv,.webm,.wmv,.m4v');
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp,image/bmp');
    const img = pickerTypes('image', '图片')[0]!.accept;
    expect(Object.keys(img).join(',')).toBe(IMAGE_ACCEPT);
    expect(img['image/jpeg']).toEqual(['.jpg', '.jpeg']);
    for (const exts of Object.values(pickerTypes('video', '视频')[0]!.accept)) for (const x of exts) expect(x).toMatch(/^\.[a-z0-9]{1,16}$/);
  });
});
