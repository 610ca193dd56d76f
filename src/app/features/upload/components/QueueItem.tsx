import { Badge, Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  DeleteRegular,
  DismissRegular,
  ImageRegular,
  PauseRegular,
  PlayRegular,
  VideoClipRegular,
  FolderOpenRegular,
} from '@fluentui/react-icons';
import { memo, type ReactNode } from 'react';
import { useStaged, useUploadItem } from '../hooks';
import { ProgressLine } from './ProgressLine';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { errorText, uploadActions } from '../client';
import { formatBytes, formatDuration, percent } from '../lib/format';
import type { StagedInfo } from '../store';
import type { ItemSnapshot } from '../../../../workers/upload/types';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { fontSize: tokens.fontSizeBase600, color: tokens.colorBrandForeground1 },
  main: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold, minWidth: 0 },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  hint: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const badgeColor = {
  Ready: 'informative',
  Uploading: 'brand',
  Success: 'success',
  Failure: 'danger',
  Canceled: 'subtle',
  Stoped: 'warning',
} as const;

/** One row of the queue: it reads its own item, so progress of one file re-renders this row only. */
export const QueueItem = memo(function QueueItem({ id, onPick }: { id: string; onPick: (id: string) => void }) {
  const item = useUploadItem(id);
  const staged = useStaged(id);
  if (!item) return null;
  return <QueueRow item={item} staged={staged} onPick={onPick} />;
});

/** A row as it looks while a file uploads, rendered hidden once the drawer has opened (`WarmQueueRow`). */
const WARM_ITEM: ItemSnapshot = {
  id: '',
  name: 'warm.mp4',
  size: 3,
  kind: 'video',
  purpose: 'library',
  state: 'Uploading',
  loaded: 1,
  speed: 1,
  eta: 2,
  mediaId: '',
  crc64: '',
  resumedParts: 0,
  waitingNetwork: false,
  hasFile: true,
  error: null,
  retries: 0,
  partSize: 1,
  parallel: 1,
};

/**
 * The first row of a session costs its first render (the row's components' code run for the first
 * time, their CSS rules inserted, which restyles the page): done hidden when the drawer opens, not
 * when the upload starts, where it was the upload's longest main-thread task.
 */
export function WarmQueueRow() {
  return <QueueRow item={WARM_ITEM} staged={null} onPick={() => {}} warm />;
}

/**
 * The row's progress (the bar, percent, bytes, speed, time left): it subscribes to the item by
 * itself, so a progress event re-renders this part and not the row around it (the row's badge,
 * buttons and tooltips render again only when the state or another fact changes).
 */
function QueueProgress({ id, children }: { id: string; children: ReactNode }) {
  const item = useUploadItem(id);
  return item ? <ProgressView item={item}>{children}</ProgressView> : null;
}

function ProgressView({ item, children }: { item: ItemSnapshot; children: ReactNode }) {
  const s = useStyles();
  const done = item.state === 'Success';
  const pct = percent(item.loaded, item.size, done);
  return (
    <>
      <ProgressLine value={pct / 100} color={item.state === 'Failure' ? 'error' : done ? 'success' : 'brand'} aria-label={`${item.name} ${pct}%`} />
      <div className={s.meta}>
        <span data-testid="upload-percent">{pct}%</span>
        <span>
          {formatBytes(item.loaded)} / {formatBytes(item.size)}
        </span>
        {item.state === 'Uploading' && !item.waitingNetwork && (
          <>
            {item.speed > 0 && <span data-testid="upload-speed">{tUpload.upload.speed(formatBytes(item.speed))}</span>}
            <span>{item.eta !== null ? tUpload.upload.eta(formatDuration(item.eta)) : tUpload.upload.etaUnknown}</span>
          </>
        )}
        {children}
      </div>
    </>
  );
}

/** A row; it reads no progress figures (`QueueProgress` does), only the item's other facts. */
function QueueRow({ item, staged, onPick, warm }: { item: ItemSnapshot; staged: StagedInfo | null; onPick: (id: string) => void; warm?: boolean }) {
  const s = useStyles();
  const waitingFile = !item.hasFile && (item.state === 'Stoped' || item.state === 'Failure');
  const facts = (
    <>
      {item.state === 'Uploading' && item.partSize > 0 && item.parallel > 0 && (
        <span data-testid="upload-tuning">{tUpload.upload.tuning(formatBytes(item.partSize), item.parallel)}</span>
      )}
      {item.resumedParts > 0 && <span>{tUpload.upload.resumed(item.resumedParts)}</span>}
      {item.retries > 0 && item.state !== 'Success' && <span>{tUpload.upload.retries(item.retries)}</span>}
    </>
  );
  return (
    <div className={s.row} data-testid="upload-item" data-state={item.state} data-name={item.name}>
      {item.kind === 'image' ? <ImageRegular className={s.icon} /> : <VideoClipRegular className={s.icon} />}
      <div className={s.main}>
        <div className={s.top}>
          <Text className={s.name} title={item.name}>
            {item.name}
          </Text>
          <Badge appearance="tint" color={badgeColor[item.state]} data-testid="upload-state">
            {tUpload.upload.states[item.state]}
          </Badge>
        </div>
        {warm ? <ProgressView item={item}>{facts}</ProgressView> : <QueueProgress id={item.id}>{facts}</QueueProgress>}
        {item.waitingNetwork && <Text className={s.hint}>{tUpload.upload.waitingNetwork}</Text>}
        {waitingFile && <Text className={s.hint}>{tUpload.upload.waitingFile}</Text>}
        {staged && item.state !== 'Success' && item.state !== 'Canceled' && <StagedLine staged={staged} />}
        {item.error && (
          <Text className={s.error} data-testid="upload-error">
            {errorText(item.error.code, item.error.message)}
          </Text>
        )}
      </div>
      <div className={s.actions}>
        {item.state === 'Uploading' || item.state === 'Ready' ? (
          <Tooltip content={tUpload.upload.pause} relationship="label">
            <Button size="small" appearance="subtle" icon={<PauseRegular />} onClick={() => uploadActions.pause(item.id)} />
          </Tooltip>
        ) : null}
        {(item.state === 'Stoped' || item.state === 'Failure') &&
          (waitingFile ? (
            <Button size="small" appearance="primary" icon={<FolderOpenRegular />} onClick={() => onPick(item.id)}>
              {tUpload.upload.pickAgain}
            </Button>
          ) : item.state === 'Failure' ? null : (
            <Tooltip content={tUpload.upload.resume} relationship="label">
              <Button size="small" appearance="subtle" icon={<PlayRegular />} onClick={() => uploadActions.resume(item.id)} />
            </Tooltip>
          ))}
        {item.state === 'Failure' && !waitingFile && (
          <Tooltip content={tUpload.upload.retry} relationship="label">
            <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => uploadActions.retry(item.id)} />
          </Tooltip>
        )}
        {['Ready', 'Uploading', 'Stoped', 'Failure'].includes(item.state) ? (
          <Tooltip content={tUpload.upload.cancel} relationship="label">
            <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => uploadActions.cancel(item.id)} />
          </Tooltip>
        ) : (
          <Tooltip content={tUpload.upload.remove} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => uploadActions.remove(item.id)} />
          </Tooltip>
        )}
      </div>
    </div>
  );
}

/** Where the file's staged copy stands (the opt-in copy in the browser's storage). */
function StagedLine({ staged }: { staged: StagedInfo }) {
  const s = useStyles();
  const t = tUpload.upload.stage;
  const size = formatBytes(staged.size);
  const text =
    staged.status === 'copying'
      ? t.copying(size)
      : staged.status === 'ready'
        ? t.ready(size)
        : staged.status === 'noRoom'
          ? t.noRoom(size, formatBytes(staged.free ?? 0))
          : t.failed;
  const warn = staged.status === 'noRoom' || staged.status === 'failed';
  return (
    <Text className={warn ? s.hint : s.meta} data-testid="upload-staged" data-status={staged.status}>
      {text}
    </Text>
  );
}
