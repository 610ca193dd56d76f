import { z } from 'zod';
import { text } from './common';

/** Short-lived STS credentials for the upload engine (ARCHITECTURE §2). */
export const StsData = z.object({
  AccessKeyId: z.string(),
  AccessKeySecret: z.string(),
  SecurityToken: z.string(),
  /** ISO 8601 */
  Expiration: z.string(),
  /**
   * Production (config.ts ALIYUN_VOD_ENDPOINT/ALIYUN_REGION): where these credentials are meant for,
   * the video service's RPC endpoint (`https://vod.cn-shanghai.aliyuncs.com`) and its region. Absent
   * in the demo: the console's own sandbox (`<origin>/sandbox/vod`).
   */
  VodEndpoint: z.string().optional(),
  RegionId: z.string().optional(),
});
export type StsData = z.infer<typeof StsData>;

/** The media library (企业素材库): videos and images uploaded through the video service. */
export const MediaKind = z.enum(['video', 'image']);
export type MediaKind = z.infer<typeof MediaKind>;

export const MediaListQuery = z.strictObject({
  kind: z.enum(['all', 'video', 'image']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(5).max(50).default(10),
});

export const MediaItem = z.object({
  /** VideoId / ImageId */
  media_id: z.string(),
  kind: MediaKind,
  title: z.string(),
  file_name: z.string(),
  /** bytes */
  file_size: z.number().int(),
  mime: z.string(),
  /** Uploading: created, object not complete yet; Normal: stored */
  status: z.enum(['Uploading', 'Normal']),
  /** CRC64/ECMA of the stored object (decimal), '' while uploading */
  crc64: z.string(),
  /** uploader's name */
  uploader: z.string(),
  created_at: z.string(),
  /** a short-lived signed GetObject URL (preview), null while uploading */
  url: z.string().nullable(),
});
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaListData = z.object({
  list: z.array(MediaItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MediaListData = z.infer<typeof MediaListData>;

/**
 * The console tells the server about one of its uploads (issue 16): `claim` when the video
 * service has answered the id (the row is bound to the caller, and counts as started), `register`
 * once the object is complete. The server asks the provider itself (Get*Info with its own key);
 * nothing the console says but the id, the kind and the engine's CRC64 is taken.
 */
/** An upload the video service has not finished yet: register refuses it, the console asks again. */
export const MSG_MEDIA_UNFINISHED = '文件尚未上传完成，请稍后再试';

export const MediaRegisterBody = z.strictObject({
  media_id: text(64)
    .min(1, '文件无效，请重新上传')
    .regex(/^[A-Za-z0-9_-]+$/, '文件无效，请重新上传'),
  kind: z.enum(['video', 'image', 'attached'], { error: '文件类型无效' }),
  /** the object's CRC64/ECMA (decimal) as the engine checked it against the store's answer */
  crc64: z
    .string()
    .regex(/^\d{1,20}$/, 'CRC64 无效')
    .optional(),
});
export type MediaRegisterBody = z.infer<typeof MediaRegisterBody>;

export const MediaRegisterData = z.object({
  media_id: z.string(),
  kind: z.enum(['video', 'image', 'attached']),
  /** Uploading: claimed, the object is not complete yet; Normal: stored and registered */
  status: z.enum(['Uploading', 'Normal']),
});
export type MediaRegisterData = z.infer<typeof MediaRegisterData>;
