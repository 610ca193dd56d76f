/** Saving a file the API answered as base64 (an export, an evidence package) through a download link. */

const MIME: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  pdf: 'application/pdf',
  json: 'application/json',
};

/** The MIME type of a file name by its extension (unknown: application/octet-stream). */
export function mimeOf(filename: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

/** base64 (no data-URL prefix) → bytes. */
export function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Saves `{filename, content_base64}` (the export answers' shape) as a file. */
export function saveBase64(filename: string, base64: string, mime = mimeOf(filename)): void {
  saveBlob(filename, new Blob([base64Bytes(base64)], { type: mime }));
}

/** Saves bytes already in a Blob (a streamed export) as a file. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
