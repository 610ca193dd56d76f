/**
 * Any failure as the SPEC §8 error the user reads: the store's quota message as it is, VOD and
 * OSS codes kept in the message, a lost network, a file that cannot be read any more.
 */
import { OssError } from './oss';
import { TransportError, UploadError } from './types';
import { VodError } from './vod';

export function toUploadError(e: unknown): UploadError {
  if (e instanceof UploadError) return e;
  // the storage quota: the server's own Chinese message is what the user reads
  if ((e instanceof VodError || e instanceof OssError) && e.code === 'QuotaExceeded') return new UploadError('QuotaExceeded', e.message, e);
  if (e instanceof VodError) {
    if (/InvalidSecurityToken|InvalidAccessKeyId|TokenInvalid/.test(e.code)) return new UploadError('InvalidParameter.TokenInvalid', e.message, e);
    return new UploadError('GetUploadAuthFailed', `${e.code}：${e.message}`, e);
  }
  if (e instanceof OssError) return new UploadError('UploadFailed', `${e.code}：${e.message}`, e);
  if (e instanceof TransportError) return new UploadError('NetworkError', '网络连接中断，请检查网络后重试', e);
  if (e instanceof DOMException || (e as Error)?.name === 'NotReadableError' || (e as Error)?.name === 'NotFoundError') {
    return new UploadError('ReadFileError', undefined, e);
  }
  return new UploadError('UploadFailed', e instanceof Error ? e.message : String(e), e);
}
