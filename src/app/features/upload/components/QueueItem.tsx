import { Badge, Button, makeStyles, ProgressBar, Text, tokens, Tooltip } from '@fluentui/react-components';
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
import { memo } from 'react';
import { useStaged, useUploadItem } from '../hooks';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { errorText, uploadActions } from '../client';
import { formatBytes, formatDuration, percent } from '../lib/format';
import type { StagedInfo } from '../store';

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
  const s = useStyles();
  const item = useUploadItem(id);
  const staged = useStaged(id);
  if (!item) return null;
  const done = item.state === 'Success';
  const pct = percent(item.loaded, item.size, done);
  const waitingFile = !item.hasFile && (item.state === 'Stoped' || item.state === 'Failure');
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
        <ProgressBar
          value={pct / 100}
          thickness="large"
          color={item.state === 'Failure' ? 'error' : done ? 'success' : 'brand'}
          aria-label={`${item.name} ${pct}%`}
        />
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
          {item.state === 'Uploading' && item.partSize > 0 && item.parallel > 0 && (
            <span data-testid="upload-tuning">{tUpload.upload.tuning(formatBytes(item.partSize), item.parallel)}</span>
          )}
          {item.resumedParts > 0 && <span>{tUpload.upload.resumed(item.resumedParts)}</span>}
          {item.retries > 0 && item.state !== 'Success' && <span>{tUpload.upload.retries(item.retries)}</span>}
        </div>
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
});

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
