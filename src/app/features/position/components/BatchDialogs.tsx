import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { TAG_MAX } from '../../../../contract/review-rules';
import { tReview } from '../../../shared/i18n/zh-CN.review';

const useStyles = makeStyles({ refused: { margin: 0, paddingLeft: tokens.spacingHorizontalL } });

/** 批量标记: one tag for the checked applications (BatchBar; loaded on first use). */
export default function TagDialog({ count, onCancel, onConfirm }: { count: number; onCancel: () => void; onConfirm: (tag: string) => void }) {
  const [tag, setTag] = useState('');
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{tReview.tagTitle}</DialogTitle>
          <DialogContent>
            <Text>{tReview.selected(count)}</Text>
            <Field label={tReview.tagLabel} required>
              <Input value={tag} maxLength={TAG_MAX} onChange={(_, d) => setTag(d.value)} data-testid="batch-tag-input" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{tReview.cancel}</Button>
            <Button appearance="primary" disabled={!tag.trim()} onClick={() => onConfirm(tag.trim())} data-testid="batch-tag-ok">
              {tReview.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The rows a batch action refused, each with the server's reason (BatchBar; loaded when there are some). */
export function RefusedDialog({ rows, onClose }: { rows: { id: number; name: string; msg: string }[]; onClose: () => void }) {
  const s = useStyles();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{tReview.refusedTitle}</DialogTitle>
          <DialogContent>
            <ul className={s.refused}>
              {rows.map((r) => (
                <li key={r.id}>
                  {r.name}：{r.msg}
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {tReview.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
