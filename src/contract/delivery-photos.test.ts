// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DELIVERY_PHOTO_MAX_BYTES, MSG_PHOTO_SIZE, MSG_PHOTO_TYPE, photoExt, photoProblem, sniffPhoto } from './employment-rules';
import { WorkerDeliverBody, WorkerMediaBody } from './worker';

describe('delivery photos: what a picked file is', () => {
  it('takes JPEG, PNG and WebP by content type, else by the name when the browser gives no type', () => {
    expect(photoExt({ name: 'IMG_0001.JPG', type: 'image/jpeg' })).toBe('jpg');
    expect(photoExt({ name: 'x', type: 'image/png' })).toBe('png');
    expect(photoExt({ name: 'x.webp', type: 'image/webp' })).toBe('webp');
    expect(photoExt({ name: '值守.jpeg', type: '' })).toBe('jpg');
    expect(photoExt({ name: 'a.PNG', type: 'application/octet-stream' })).toBe('png');
    // a type the browser names wins over the name; HEIC, GIF, PDF are not photos of a delivery
    expect(photoExt({ name: 'a.jpg', type: 'image/heic' })).toBeNull();
    expect(photoExt({ name: 'a.heic', type: '' })).toBeNull();
    expect(photoExt({ name: 'a.gif', type: 'image/gif' })).toBeNull();
    expect(photoExt({ name: 'a.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('refuses another type, more than 10 MB and an empty file, in Chinese', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: DELIVERY_PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: DELIVERY_PHOTO_MAX_BYTES + 1 })).toBe(MSG_PHOTO_SIZE);
    expect(photoProblem({ name: 'a.heic', type: 'image/heic', size: 10 })).toBe(MSG_PHOTO_TYPE);
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe('照片文件为空，请重新选择');
  });

  it('knows a photo by its first bytes', () => {
    expect(sniffPhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('jpg');
    expect(sniffPhoto(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffPhoto(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(sniffPhoto(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffPhoto(new TextEncoder().encode('%PDF-1.4'))).toBeNull();
    expect(sniffPhoto(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffPhoto(new Uint8Array(0))).toBeNull();
  });
});

describe('the delivery body and the worker’s upload calls', () => {
  it('takes 0–9 distinct media ids, comma-separated', () => {
    expect(WorkerDeliverBody.parse({ note: '完成' }).media_ids).toEqual([]);
    expect(WorkerDeliverBody.parse({ note: '完成', media_ids: ' a1, b2 ,a1,,' }).media_ids).toEqual(['a1', 'b2']);
    const ten = Array.from({ length: 10 }, (_, i) => `m${i}`).join(',');
    expect(WorkerDeliverBody.safeParse({ note: '完成', media_ids: ten }).error?.issues[0]?.message).toBe('最多上传9张照片');
    expect(WorkerDeliverBody.safeParse({ note: '完成', media_ids: 'a/b' }).error?.issues[0]?.message).toBe('照片无效，请重新上传');
    expect(WorkerDeliverBody.safeParse({ note: '完成', media_ids: 'a', other: '1' }).success).toBe(false);
  });

  it('registers images only, with the console’s body otherwise', () => {
    expect(WorkerMediaBody.parse({ media_id: 'abc', kind: 'image', crc64: '123' })).toEqual({ media_id: 'abc', kind: 'image', crc64: '123' });
    expect(WorkerMediaBody.safeParse({ media_id: 'abc', kind: 'video' }).error?.issues[0]?.message).toBe('只能上传照片');
    expect(WorkerMediaBody.safeParse({ media_id: 'abc', kind: 'image', extra: '1' }).success).toBe(false);
  });
});
