import { z } from 'zod';

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
