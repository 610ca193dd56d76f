/** Sizes, speeds and times of the upload panel. */
import { tUpload } from '../../../shared/i18n/zh-CN.upload';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → `1.5 KB`; whole numbers drop the decimals; 1024-based like the OS file dialogs. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return `0 ${tUpload.upload.units.B}`;
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const text = i === 0 ? String(Math.round(v)) : v >= 100 ? v.toFixed(0) : v.toFixed(1).replace(/\.0$/, '');
  return `${text} ${tUpload.upload.units[UNITS[i]!]}`;
}

/** Seconds → `1小时5分`, `3分20秒`, `45秒`. */
export function formatDuration(sec: number): string {
  const d = tUpload.upload.duration;
  const s = Math.max(0, Math.ceil(sec));
  if (s >= 3600) {
    const m = Math.floor((s % 3600) / 60);
    return `${Math.floor(s / 3600)}${d.h}${m ? `${m}${d.m}` : ''}`;
  }
  if (s >= 60) {
    const r = s % 60;
    return `${Math.floor(s / 60)}${d.m}${r ? `${r}${d.s}` : ''}`;
  }
  return `${s}${d.s}`;
}

/** Whole percent, never 100 before the item succeeded. */
export function percent(loaded: number, size: number, done: boolean): number {
  if (done) return 100;
  if (size <= 0) return 0;
  return Math.min(99, Math.floor((loaded / size) * 100));
}

const VIDEO_EXT = /\.(mp4|mov|avi|flv|mkv|webm|wmv|m4v|mpg|mpeg|3gp|ts|f4v|rmvb|mxf)$/i;
const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp)$/i;

/** What a picked file is for the video service; null: neither. */
export function mediaKindOf(file: { name: string; type: string }): 'video' | 'image' | null {
  if (IMAGE_EXT.test(file.name) || /^image\/(png|jpeg|gif|webp|bmp)$/.test(file.type)) return 'image';
  if (VIDEO_EXT.test(file.name) || file.type.startsWith('video/')) return 'video';
  return null;
}
