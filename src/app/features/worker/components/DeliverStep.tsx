import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Text, Textarea } from '@fluentui/react-components';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { deliver } from '../api';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;

/** 提交交付 (again after the company's 驳回, whose reason shows first). */
export function DeliverStep(p: { token: string; view: InviteData; onDone: (v: InviteData) => void; onFail: () => void }) {
  const s = usePhoneStyles();
  const [note, setNote] = useState(p.view.delivery_note);
  const [err, setErr] = useState('');
  const submit = async () => {
    if (!note.trim()) return setErr(tWorker.required(T.note));
    setErr('');
    try {
      const r = await deliver(p.token, note.trim());
      toast('success', r.msg);
      p.onDone(r.data);
    } catch {
      p.onFail();
    }
  };
  return (
    <section className={s.card} aria-labelledby="flex-deliver-title">
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
      <Button appearance="primary" size="large" onClick={() => void submit()} data-testid="flex-deliver">
        {T.deliver}
      </Button>
    </section>
  );
}
