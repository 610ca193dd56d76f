import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { toast } from '../../../shared/lib/notify';
import { errorText, startUpload, uploadActions } from '../client';
import { formatBytes, percent } from '../lib/format';
import { useUploadItem } from '../hooks';
import { ProgressLine } from './ProgressLine';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hidden: { display: 'none' },
});

export interface UploadFieldProps {
  /** `attached`: a document such as an agreement PDF */
  kind: 'video' | 'image' | 'attached';
  /** what the file is for (e.g. `company-license`, `task-video`) */
  purpose: string;
  /** the VideoId / ImageId once stored; '' when cleared */
  onChange: (mediaId: string, file: { name: string; size: number } | null) => void;
  accept?: string;
  disabled?: boolean;
  /** checks a picked file before it is queued: the words to show, or null */
  validate?: (file: File) => string | null;
  /** the form marks the field as missing */
  invalid?: boolean;
}

/** A form field that uploads one video or image through the engine and answers its media id. */
export function UploadField({ kind, purpose, onChange, accept, disabled, validate, invalid }: UploadFieldProps) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [id, setId] = useState<string | null>(null);
  const item = useUploadItem(id);
  // the media id is reported once per item, after render (the form's handler may set state and call the API)
  const reported = useRef<string | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  const doneId = item?.state === 'Success' ? item.id : null;
  useEffect(() => {
    if (!item || doneId === null || reported.current === doneId) return;
    reported.current = doneId;
    report.current(item.mediaId, { name: item.name, size: item.size });
  }, [doneId, item]);
  return (
    <div className={s.root} data-testid={`upload-field-${purpose}`}>
      <div className={s.row}>
        <Button icon={<ArrowUploadRegular />} disabled={disabled} appearance={invalid ? 'primary' : 'secondary'} onClick={() => input.current?.click()}>
          {item ? tUpload.upload.field.change : tUpload.upload.field.choose}
        </Button>
        {item && (
          <Text className={s.name} title={item.name}>
            {item.name}（{formatBytes(item.size)}）
          </Text>
        )}
        {item?.state === 'Success' && (
          <Text className={s.ok}>
            <CheckmarkCircleRegular /> {tUpload.upload.field.done}
          </Text>
        )}
      </div>
      {item && item.state !== 'Success' && (
        <>
          <ProgressLine
            value={percent(item.loaded, item.size, false) / 100}
            thickness="medium"
            color={item.state === 'Failure' ? 'error' : 'brand'}
            aria-label={item.name}
          />
          <Text className={s.muted}>
            {tUpload.upload.states[item.state]} · {percent(item.loaded, item.size, false)}%
          </Text>
        </>
      )}
      {item?.error && <Text className={s.error}>{errorText(item.error.code, item.error.message)}</Text>}
      <input
        ref={input}
        className={s.hidden}
        type="file"
        data-testid={`upload-field-input-${purpose}`}
        accept={accept ?? (kind === 'video' ? 'video/*' : kind === 'attached' ? 'application/pdf,.pdf' : 'image/png,image/jpeg,image/gif,image/webp')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const problem = validate?.(file);
          if (problem) {
            toast('error', problem);
            return;
          }
          if (id && item && item.state !== 'Success') uploadActions.cancel(id);
          onChange('', null);
          void startUpload(file, { kind, purpose }).then(setId, () => undefined);
        }}
      />
    </div>
  );
}
