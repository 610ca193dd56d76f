import { useRef } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, shorthands, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { DELIVERY_PHOTOS_MAX } from '../../../../contract/employment-rules';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { percent, type Photo } from '../lib/photos';
import { usePhoneStyles, usePhotoStyles } from './styles';

const T = tWorker.invite;

const useStyles = makeStyles({
  tile: { position: 'relative', lineHeight: 0 },
  empty: { display: 'block' },
  overlay: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalXS,
    lineHeight: tokens.lineHeightBase200,
    borderBottomLeftRadius: tokens.borderRadiusMedium,
    borderBottomRightRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBackgroundOverlay,
    color: tokens.colorNeutralForegroundStaticInverted,
  },
  failed: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    lineHeight: tokens.lineHeightBase200,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBackgroundOverlay,
    color: tokens.colorNeutralForegroundStaticInverted,
  },
  // a bar of its own: Fluent's ProgressBar would be a chunk shared with the console's upload center
  track: {
    height: tokens.strokeWidthThickest,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralForeground3,
    overflow: 'hidden',
  },
  bar: {
    height: '100%',
    backgroundColor: tokens.colorNeutralForegroundStaticInverted,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
  },
  remove: {
    position: 'absolute',
    top: tokens.spacingVerticalXXS,
    right: tokens.spacingHorizontalXXS,
    boxShadow: tokens.shadow4,
  },
  add: {
    width: '100%',
    height: 'auto',
    aspectRatio: '1 / 1',
    minWidth: 0,
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    ...shorthands.borderStyle('dashed'),
    color: tokens.colorNeutralForeground3,
  },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  errors: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * 工作照片 of the delivery step: three square tiles a row, each with its thumbnail, a progress bar
 * while it uploads, 重试 when it failed, and a × to remove it; the last tile picks more (the
 * camera or the gallery on a phone: `accept="image/*"`, several at once).
 */
export function PhotoPicker(p: {
  photos: readonly Photo[];
  refused: readonly string[];
  onPick: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const s = { ...usePhoneStyles(), ...usePhotoStyles() };
  const c = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const failed = p.photos.filter((x) => x.state === 'failed' && x.error);
  return (
    <div className={s.photoBlock} role="group" aria-labelledby="flex-photos-label">
      <div className={c.head}>
        <Text weight="semibold" id="flex-photos-label">
          {T.photos}
        </Text>
        <Text className={s.note} data-testid="flex-photo-count">
          {T.photoCount(p.photos.length, DELIVERY_PHOTOS_MAX)}
        </Text>
      </div>
      <Text className={s.note}>{T.photosNote(DELIVERY_PHOTOS_MAX)}</Text>
      <div className={s.photos}>
        {p.photos.map((x, i) => (
          <div key={x.key} className={c.tile} data-testid="flex-photo-item" data-state={x.state} data-name={x.name} title={x.error || x.name}>
            {x.preview ? (
              <img className={s.thumb} src={x.preview} alt={T.photoAlt(i + 1)} decoding="async" />
            ) : (
              <span className={`${s.thumb} ${c.empty}`} aria-hidden />
            )}
            {x.state === 'uploading' && (
              <div className={c.overlay}>
                <div
                  className={c.track}
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent(x)}
                  aria-label={T.uploadingLabel(x.name)}
                  data-testid="flex-photo-progress"
                >
                  <div className={c.bar} style={{ width: `${percent(x)}%` }} />
                </div>
                <span>{T.uploading(percent(x))}</span>
              </div>
            )}
            {x.state === 'failed' && (
              <div className={c.failed}>
                <span>{T.photoFailed}</span>
                <Button
                  size="small"
                  icon={<ArrowClockwiseRegular />}
                  aria-label={T.retryPhoto(x.name)}
                  onClick={() => p.onRetry(x.key)}
                  data-testid="flex-photo-retry"
                >
                  {T.retry}
                </Button>
              </div>
            )}
            <Button
              className={c.remove}
              size="small"
              shape="circular"
              icon={<DismissRegular />}
              aria-label={T.removePhoto(x.name)}
              onClick={() => p.onRemove(x.key)}
              data-testid="flex-photo-remove"
            />
          </div>
        ))}
        {p.photos.length < DELIVERY_PHOTOS_MAX && (
          <Button className={c.add} appearance="outline" icon={<ImageAddRegular />} onClick={() => input.current?.click()} data-testid="flex-photo-add">
            {T.addPhoto}
          </Button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="flex-photo-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // the same photo picked again (after removing it) must fire again
          e.currentTarget.value = '';
          if (files.length) p.onPick(files);
        }}
      />
      {(p.refused.length > 0 || failed.length > 0) && (
        <div className={c.errors} role="alert" data-testid="flex-photo-error">
          {p.refused.map((m) => (
            <Text key={m} className={c.error}>
              {m}
            </Text>
          ))}
          {failed.map((x) => (
            <Text key={x.key} className={c.error}>{`${x.name}：${x.error}`}</Text>
          ))}
        </div>
      )}
      {p.photos.some((x) => x.state === 'uploading') && (
        <MessageBar intent="info">
          <MessageBarBody>{T.photosUploading}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
