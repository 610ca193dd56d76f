// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deliveredIds, keptPhotos, percent, screenPick, submitProblem, withItem, withoutPhoto, type ItemView, type Photo } from './photos';
import { namedAsContent } from './photo-uploads';

const words = (e: { code: string; message: string }) => e.message || e.code;
const item = (over: Partial<ItemView> = {}): ItemView => ({
  id: 'i1',
  name: 'a.jpg',
  size: 1000,
  state: 'Uploading',
  loaded: 250,
  mediaId: '',
  error: null,
  ...over,
});
const jpg = (name: string, size = 100) => ({ name, type: 'image/jpeg', size });

describe('the delivery step’s photos', () => {
  it('keeps the last delivery’s photos, done, for the next one (not those deleted by retention)', () => {
    const kept = keptPhotos([
      { media_id: 'm1', file_name: '值守.jpg', size: 9, url: '/b/k?sig', purged: false },
      { media_id: 'm2', file_name: '', size: 0, url: '', purged: true },
    ]);
    expect(kept).toEqual([{ key: 'kept:m1', name: '值守.jpg', size: 9, preview: '/b/k?sig', state: 'done', loaded: 9, mediaId: 'm1', error: '' }]);
    expect(deliveredIds(kept)).toEqual(['m1']);
  });

  it('screens a pick: photos only, 10 MB each, nine in all (said once)', () => {
    const r = screenPick([jpg('a.jpg'), { name: 'b.heic', type: 'image/heic', size: 5 }, jpg('c.jpg', 11 * 1024 * 1024), jpg('d.jpg'), jpg('e.jpg')], 7);
    expect(r.accepted).toEqual([0, 3]);
    expect(r.refused).toEqual(['b.heic：只能上传 JPG、PNG 或 WebP 格式的照片', 'c.jpg：单张照片不能超过10MB', '最多上传9张照片']);
    expect(screenPick([jpg('a.jpg')], 9)).toEqual({ accepted: [], refused: ['最多上传9张照片'] });
  });

  it('follows the engine’s item: uploading with its progress, done, failed with words; a new one goes last', () => {
    let l: Photo[] = keptPhotos([{ media_id: 'm0', file_name: 'k.jpg', size: 5, url: 'u', purged: false }]);
    l = withItem(l, item(), words, 'blob:1');
    expect(l.map((p) => p.key)).toEqual(['kept:m0', 'i1']);
    expect(l[1]).toMatchObject({ state: 'uploading', loaded: 250, preview: 'blob:1' });
    expect(percent(l[1]!)).toBe(25);
    // a later event keeps the preview it had
    l = withItem(l, item({ state: 'Success', loaded: 1000, mediaId: 'm1' }), words);
    expect(l[1]).toMatchObject({ state: 'done', loaded: 1000, mediaId: 'm1', preview: 'blob:1' });
    expect(deliveredIds(l)).toEqual(['m0', 'm1']);
    l = withItem(l, item({ id: 'i2', state: 'Failure', error: { code: 'RegisterFailed', message: '文件不存在，请重新上传' } }), words);
    expect(l[2]).toMatchObject({ state: 'failed', error: '文件不存在，请重新上传' });
    expect(withItem(l, item({ id: 'i3', state: 'Canceled' }), words)[3]).toMatchObject({ state: 'failed', error: 'UploadFailed' });
    expect(withoutPhoto(l, 'i1').map((p) => p.key)).toEqual(['kept:m0', 'i2']);
  });

  it('holds the delivery back while a photo uploads or has failed', () => {
    const done = keptPhotos([{ media_id: 'm0', file_name: 'k.jpg', size: 5, url: 'u', purged: false }]);
    expect(submitProblem(done)).toBeNull();
    expect(submitProblem([])).toBeNull();
    expect(submitProblem(withItem(done, item(), words))).toBe('照片正在上传，请稍候');
    expect(submitProblem(withItem(done, item({ state: 'Failure' }), words))).toBe('有照片上传失败，请重试或删除');
    // a finished upload the server has not recorded yet is not a photo of the delivery
    expect(deliveredIds(withItem([], item({ state: 'Success', mediaId: '' }), words))).toEqual([]);
  });

  it('names a file after its content, so the video service stores it under the right extension', () => {
    const f = new File([new Uint8Array(3)], 'image', { type: 'image/png', lastModified: 42 });
    const named = namedAsContent(f);
    expect(named.name).toBe('image.png');
    expect(named.lastModified).toBe(42);
    expect(named.size).toBe(3);
    const jpeg = new File([new Uint8Array(3)], 'IMG_1.JPEG', { type: 'image/jpeg' });
    expect(namedAsContent(jpeg)).toBe(jpeg);
    const wrong = new File([new Uint8Array(3)], 'shot.jpg', { type: 'image/webp' });
    expect(namedAsContent(wrong).name).toBe('shot.webp');
  });
});
