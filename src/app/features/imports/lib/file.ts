/** Files of the import screens: the client-side checks before an upload, base64 in and out. */
import { IMPORT_MAX_BYTES } from '../../../../contract/import-rules';

export type FileProblem = 'type' | 'size' | 'empty';

/** What is wrong with a picked file before it is sent (the server checks the same again). */
export function fileProblem(f: { name: string; size: number }): FileProblem | null {
  if (!/\.xlsx$/i.test(f.name.trim())) return 'type';
  if (f.size > IMPORT_MAX_BYTES) return 'size';
  if (f.size === 0) return 'empty';
  return null;
}

/** The file's bytes as base64 (no data-URL prefix). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}

export function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Saves a file the API answered (template, original upload, error rows) through a download link. */
export function saveFile(f: { file_name: string; mime: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([base64Bytes(f.content)], { type: f.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = f.file_name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `1.2MB`, `35KB`. */
export const fileSize = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(n / 1024))}KB`);
