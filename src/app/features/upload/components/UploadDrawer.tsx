import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  OverlayDrawer,
  shorthands,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular, ImageAddRegular, PauseRegular, PlayRegular, VideoAddRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { ItemSnapshot } from '../../../../workers/upload/types';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { restoreUploads, startUpload, uploadActions } from '../client';
import { mediaKindOf } from '../lib/format';
import { IMAGE_ACCEPT, pickFiles, VIDEO_ACCEPT } from '../lib/pick';
import { openUploadCenter, uploads } from '../store';
import { MediaLibrary } from './MediaLibrary';
import { QueueItem, WarmQueueRow } from './QueueItem';
import { StageSetting } from './StageSetting';

const useStyles = makeStyles({
  surface: { width: 'min(760px, 100vw)' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, display: 'block', fontWeight: tokens.fontWeightRegular },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, paddingBottom: tokens.spacingVerticalXXL },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  dropActive: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  dropIcon: { fontSize: tokens.fontSizeHero700, color: tokens.colorBrandForeground1 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hidden: { display: 'none' },
  queueHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: tokens.spacingVerticalS },
  queue: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  headActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

type Handle = { getFile(): Promise<File> };

/**
 * True for one commit, when the browser is idle after the drawer opened: the drawer then renders
 * a queue row and a note hidden, so that the first upload's first render is not the first time
 * their code runs and their CSS rules go in (that render was the upload's longest main-thread task).
 */
function useWarmUp(open: boolean): boolean {
  const [state, setState] = useState<'cold' | 'warming' | 'warm'>('cold');
  useEffect(() => {
    if (!open || state !== 'cold') return;
    const idle = (window as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    const go = () => setState('warming');
    if (idle) {
      const h = idle(go, { timeout: 2000 });
      return () => (window as unknown as { cancelIdleCallback: (h: number) => void }).cancelIdleCallback(h);
    }
    const t = setTimeout(go, 300);
    return () => clearTimeout(t);
  }, [open, state]);
  useEffect(() => {
    if (state === 'warming') setState('warm');
  }, [state]);
  return state === 'warming';
}

/** 企业素材库 · 上传中心: add videos and images, follow the queue, browse what is stored. */
export default function UploadDrawer() {
  const s = useStyles();
  const snap = useSnapshot(uploads);
  const videoInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const pickInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // messages show inside the drawer (a toast would sit behind it)
  const [notes, setNotes] = useState<{ id: number; intent: 'error' | 'success'; text: string }[]>([]);
  const note = (intent: 'error' | 'success', text: string) => {
    const id = Date.now() + Math.random();
    setNotes((n) => [...n.slice(-2), { id, intent, text }]);
    setTimeout(() => setNotes((n) => n.filter((x) => x.id !== id)), 8000);
  };

  useEffect(() => {
    if (snap.open) void restoreUploads();
  }, [snap.open]);
  const warm = useWarmUp(snap.open);

  async function addFiles(files: { file: File; handle?: unknown }[]) {
    let added = 0;
    for (const { file, handle } of files) {
      const kind = mediaKindOf(file);
      if (!kind) {
        note('error', tUpload.upload.unsupported(file.name));
        continue;
      }
      try {
        await startUpload(file, { kind, purpose: 'library', handle, notify: false });
        added++;
      } catch (e) {
        // the SPEC code's words (messages.md)
        note('error', (e as Error).message);
      }
    }
    if (added) note('success', tUpload.upload.added(added));
  }

  /** 添加视频 / 添加图片: the file system picker keeps a handle (resume after a reload); else the input. */
  async function pick(kind: 'video' | 'image') {
    const picked = await pickFiles({
      kind,
      description: kind === 'video' ? tUpload.upload.pickerVideo : tUpload.upload.pickerImage,
      fallback: () => (kind === 'video' ? videoInput : imageInput).current?.click(),
    });
    if (picked?.length) await addFiles(picked);
  }

  async function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const items = [...e.dataTransfer.items].filter((i) => i.kind === 'file');
    const picked: { file: File; handle?: unknown }[] = [];
    for (const i of items) {
      // Chromium hands out a file handle: kept, a reload resumes without picking the file again
      const getHandle = (i as DataTransferItem & { getAsFileSystemHandle?: () => Promise<Handle | null> }).getAsFileSystemHandle;
      const file = i.getAsFile();
      if (!file) continue;
      let handle: unknown;
      try {
        handle = getHandle ? ((await getHandle.call(i)) ?? undefined) : undefined;
      } catch {
        handle = undefined;
      }
      picked.push({ file, handle });
    }
    await addFiles(picked);
  }

  /** the 待续传 row a file is being picked for */
  const resumeFor = useRef<ItemSnapshot | null>(null);
  /** The file picked for a 待续传 row: the row's own file (same size), else said so. */
  async function resumeWith(picked: { file: File; handle?: unknown }[]) {
    const target = resumeFor.current;
    resumeFor.current = null;
    const first = picked[0];
    if (!first) return;
    if (target && first.file.size !== target.size) {
      note('error', tUpload.upload.pickMismatch(target.name));
      return;
    }
    await addFiles([first]);
  }
  // 选择文件 on a 待续传 row: the same picker as 添加视频 / 添加图片 (a handle is kept, so another
  // reload does not ask again); without it the input, filtered to the row's kind
  const pickAgain = useCallback((id: string) => {
    const item = uploads.items[id];
    if (!item) return;
    resumeFor.current = { ...item };
    const input = pickInput.current;
    const kind = item.kind === 'image' ? 'image' : item.kind === 'video' ? 'video' : null;
    if (input) input.accept = kind === 'image' ? IMAGE_ACCEPT : kind === 'video' ? VIDEO_ACCEPT : '';
    if (!kind) return void input?.click();
    void pickFiles({
      kind,
      multiple: false,
      description: kind === 'video' ? tUpload.upload.pickerVideo : tUpload.upload.pickerImage,
      fallback: () => input?.click(),
    }).then((picked) => picked && resumeWith(picked));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const list = snap.order.map((id) => snap.items[id]).filter(Boolean) as ItemSnapshot[];
  const waiting = list.filter((i) => !i.hasFile && i.state !== 'Canceled' && i.state !== 'Success').length;
  const anyActive = list.some((i) => i.state === 'Uploading' || i.state === 'Ready');
  const anyPaused = list.some((i) => i.state === 'Stoped' && i.hasFile);

  return (
    <OverlayDrawer position="end" open={snap.open} onOpenChange={(_, d) => openUploadCenter(d.open)} className={s.surface} data-testid="upload-drawer">
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={tUpload.upload.close} icon={<DismissRegular />} onClick={() => openUploadCenter(false)} />}
        >
          {tUpload.upload.title}
          <Text className={s.sub}>{tUpload.upload.subtitle}</Text>
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={s.body}>
        <div
          className={mergeClasses(s.drop, dragging && s.dropActive)}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => void onDrop(e)}
          data-testid="upload-dropzone"
        >
          <ArrowUploadRegular className={s.dropIcon} />
          <Text>{tUpload.upload.dropHint}</Text>
          <div className={s.buttons}>
            <Button appearance="primary" icon={<VideoAddRegular />} onClick={() => void pick('video')}>
              {tUpload.upload.addVideo}
            </Button>
            <Button icon={<ImageAddRegular />} onClick={() => void pick('image')}>
              {tUpload.upload.addImage}
            </Button>
          </div>
          <Text className={s.muted}>{tUpload.upload.limits}</Text>
          <input
            ref={videoInput}
            className={s.hidden}
            type="file"
            accept={VIDEO_ACCEPT}
            multiple
            data-testid="upload-input-video"
            onChange={(e) => {
              void addFiles([...(e.target.files ?? [])].map((file) => ({ file })));
              e.target.value = '';
            }}
          />
          <input
            ref={imageInput}
            className={s.hidden}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            data-testid="upload-input-image"
            onChange={(e) => {
              void addFiles([...(e.target.files ?? [])].map((file) => ({ file })));
              e.target.value = '';
            }}
          />
          <input
            ref={pickInput}
            className={s.hidden}
            type="file"
            data-testid="upload-input-resume"
            onChange={(e) => {
              void resumeWith([...(e.target.files ?? [])].map((file) => ({ file })));
              e.target.value = '';
            }}
          />
        </div>

        <StageSetting />

        {notes.map((n) => (
          <MessageBar key={n.id} intent={n.intent} data-testid="upload-note">
            <MessageBarBody>{n.text}</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button
                  appearance="transparent"
                  aria-label={tUpload.upload.close}
                  icon={<DismissRegular />}
                  onClick={() => setNotes((all) => all.filter((x) => x.id !== n.id))}
                />
              }
            />
          </MessageBar>
        ))}
        {snap.expired && (
          <MessageBar intent="warning">
            <MessageBarBody>{tUpload.upload.expired}</MessageBarBody>
          </MessageBar>
        )}
        {waiting > 0 && (
          <MessageBar intent="info" data-testid="upload-pending">
            <MessageBarBody>{tUpload.upload.pending(waiting)}</MessageBarBody>
          </MessageBar>
        )}

        <section aria-label={tUpload.upload.queueTitle}>
          <div className={s.queueHead}>
            <Text weight="semibold" size={400}>
              {tUpload.upload.queueTitle}
            </Text>
            <div className={s.headActions}>
              {anyActive && (
                <Button size="small" appearance="subtle" icon={<PauseRegular />} onClick={uploadActions.pauseAll}>
                  {tUpload.upload.pauseAll}
                </Button>
              )}
              {anyPaused && (
                <Button size="small" appearance="subtle" icon={<PlayRegular />} onClick={uploadActions.startAll}>
                  {tUpload.upload.startAll}
                </Button>
              )}
              {list.some((i) => i.state === 'Success' || i.state === 'Canceled') && (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => list.filter((i) => i.state === 'Success' || i.state === 'Canceled').forEach((i) => uploadActions.remove(i.id))}
                >
                  {tUpload.upload.clearDone}
                </Button>
              )}
            </div>
          </div>
          <div className={s.queue} data-testid="upload-queue">
            {list.length === 0 ? (
              <div className={s.empty}>{tUpload.upload.queueEmpty}</div>
            ) : (
              list.map((item) => <QueueItem key={item.id} id={item.id} onPick={pickAgain} />)
            )}
          </div>
        </section>

        <MediaLibrary />
        {warm && (
          <div hidden aria-hidden="true">
            <WarmQueueRow />
            <MessageBar intent="success">
              <MessageBarBody>{tUpload.upload.added(1)}</MessageBarBody>
            </MessageBar>
          </div>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
