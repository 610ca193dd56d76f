/**
 * The upload feature's door. Other pages use:
 * - `startUpload(file, {kind, purpose})` → item id (the engine runs in a worker; refusals carry
 *   the SPEC code and the words of messages.md),
 * - `useUploadItem(id)` → the live item (state, loaded, speed, eta, mediaId, error),
 * - `<UploadField kind purpose onChange>` → a form field answering the VideoId / ImageId,
 * - `openUploadCenter()` → the 企业素材库 · 上传中心 drawer; `<UploadCenterButton>` for the nav.
 */
export { UploadCenterButton } from './components/UploadCenterButton';
export { UploadField, type UploadFieldProps } from './components/UploadField';
export { useUploadItem } from './hooks';
export { openUploadCenter, uploads } from './store';
export { startUpload, errorText } from './client';
