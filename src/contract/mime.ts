/**
 * Content types of the console's uploads by their file name's extension: what the upload engine
 * stores an object as, and what the server records a registered upload as.
 */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  flv: 'video/x-flv',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};

/** The content type of a file name's extension; undefined for one not listed. */
export const mimeOfName = (name: string): string | undefined => BY_EXTENSION[/\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
