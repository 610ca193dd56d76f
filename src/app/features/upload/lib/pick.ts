/**
 * Picking files for the upload center. Where the browser has `showOpenFilePicker` (Chromium in a
 * secure context, top-level page) the picked files come with a `FileSystemFileHandle`, stored
 * beside the checkpoint like a dropped file's, so a reload resumes without picking the file again.
 * Elsewhere (Firefox, Safari, plain http on a LAN address, an iframe) the hidden
 * `<input type=file>` is clicked instead and its change handler adds the files.
 */

/** One entry of `showOpenFilePicker`'s `types`: MIME type → extensions (`.mp4`). */
export interface PickerType {
  description: string;
  accept: Record<string, string[]>;
}

export interface PickedFile {
  file: File;
  handle?: unknown;
}

interface FileHandleLike {
  getFile(): Promise<File>;
}
type ShowOpenFilePicker = (o: { types?: PickerType[]; multiple?: boolean; excludeAcceptAllOption?: boolean; id?: string }) => Promise<FileHandleLike[]>;

interface PickerWindow {
  showOpenFilePicker?: ShowOpenFilePicker;
  isSecureContext?: boolean;
  self?: unknown;
  top?: unknown;
}

/** The accept list of the 添加视频 input (`accept` attribute) and its picker form. */
export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.avi', '.flv', '.mkv', '.webm', '.wmv', '.m4v'];
export const VIDEO_ACCEPT = ['video/*', ...VIDEO_EXTENSIONS].join(',');
const IMAGE_TYPES: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/bmp': ['.bmp'],
};
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');

/** The picker types for 添加视频 / 添加图片 (the same files the inputs accept). */
export function pickerTypes(kind: 'video' | 'image', description: string): PickerType[] {
  return [{ description, accept: kind === 'video' ? { 'video/*': [...VIDEO_EXTENSIONS] } : { ...IMAGE_TYPES } }];
}

/** Whether the file system picker can be used here (it throws in cross-origin iframes). */
export function canUseFilePicker(w: PickerWindow | undefined = typeof window === 'undefined' ? undefined : (window as PickerWindow)): boolean {
  if (!w || typeof w.showOpenFilePicker !== 'function') return false;
  if (w.isSecureContext === false) return false;
  return w.self === w.top;
}

/**
 * Asks for files. With the picker: answers the files with their handles ([] when the user closed
 * it). Without it, or when it refuses (SecurityError: no user gesture left, a policy…): calls
 * `fallback` (click the hidden input) and answers null — the input's change handler adds them.
 */
export async function pickFiles(opts: {
  kind: 'video' | 'image';
  description: string;
  multiple?: boolean;
  fallback: () => void;
  win?: PickerWindow;
}): Promise<PickedFile[] | null> {
  const w = opts.win ?? (typeof window === 'undefined' ? undefined : (window as PickerWindow));
  if (!canUseFilePicker(w)) {
    opts.fallback();
    return null;
  }
  let handles: FileHandleLike[];
  try {
    handles = await w!.showOpenFilePicker!.call(w, {
      types: pickerTypes(opts.kind, opts.description),
      multiple: opts.multiple ?? true,
      id: `upload-${opts.kind}`,
    });
  } catch (e) {
    // closed by the user: nothing to add
    if ((e as { name?: string }).name === 'AbortError') return [];
    opts.fallback();
    return null;
  }
  const out: PickedFile[] = [];
  for (const handle of handles) {
    try {
      out.push({ file: await handle.getFile(), handle });
    } catch {
      // unreadable (moved, permission withdrawn): skipped
    }
  }
  return out;
}
