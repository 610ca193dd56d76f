import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Text, Textarea } from '@fluentui/react-components';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { deliver } from '../api';
import { deliveredIds, submitProblem } from '../lib/photos';
import { PhotoPicker } from './PhotoPicker';
import { usePhoneStyles } from './styles';
import { usePhotoUploads } from './usePhotoUploads';

const T = tWorker.invite;

/**
 * 提交交付 (again after the company's 驳回, whose reason shows first): the note and up to nine
 * photos, uploaded as they are picked (the last delivery's photos go again unless removed). A lazy
 * chunk of the invitation page: the upload engine's client loads with it, at this step only.
 */
export function DeliverStep(p: { token: string; view: InviteData; onDone: (v: InviteData) => void; onFail: () => void }) {
  const s = usePhoneStyles();
  const [note, setNote] = useState(p.view.delivery_note);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const photos = usePhotoUploads(p.token, p.view.delivery_photos, p.onFail);
  const submit = async () => {
    if (!note.trim()) return setErr(tWorker.required(T.note));
    setErr('');
    const waiting = submitProblem(photos.photos);
    if (waiting) return toast('warning', waiting);
    setBusy(true);
    try {
      const r = await deliver(p.token, note.trim(), deliveredIds(photos.photos));
      toast('success', r.msg);
      p.onDone(r.data);
    } catch {
      p.onFail();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={s.card} aria-labelledby="flex-deliver-title" data-testid="flex-deliver-step">
      <Text as="h2" id="flex-deliver-title" className={s.subtitle}>
        {T.deliverTitle}
      </Text>
      {p.view.reject_reason && (
        <MessageBar intent="warning" data-testid="flex-rejected">
          <MessageBarBody>{T.rejected(p.view.reject_reason)}</MessageBarBody>
        </MessageBar>
      )}
      <Text className={s.note}>{tWorker.standardOf(p.view.task.standard)}</Text>
      <Field label={T.note} required validationMessage={err || undefined}>
        <Textarea
          resize="vertical"
          rows={4}
          maxLength={500}
          value={note}
          placeholder={T.notePh}
          onChange={(_, d) => setNote(d.value)}
          data-testid="flex-note"
        />
      </Field>
      <PhotoPicker photos={photos.photos} refused={photos.refused} onPick={(f) => void photos.pick(f)} onRetry={photos.retry} onRemove={photos.remove} />
      <Button appearance="primary" size="large" disabled={busy} onClick={() => void submit()} data-testid="flex-deliver">
        {T.deliver}
      </Button>
    </section>
  );
}
