import { useState } from 'react';
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { idCardProblem, isPersonName, normalizeDigits, PERSON_NAME_MSG } from '../../../../contract/person';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { realname } from '../api';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;

/** 实名认证: name and ID number, checked against the person the company registered. */
export function RealnameStep({ token, onDone, onFail }: { token: string; onDone: (v: InviteData) => void; onFail: () => void }) {
  const s = usePhoneStyles();
  const [name, setName] = useState('');
  const [idNo, setIdNo] = useState('');
  const [err, setErr] = useState<{ name?: string; idNo?: string }>({});
  const submit = async () => {
    const e: typeof err = {};
    if (!name.trim()) e.name = tWorker.required(T.name);
    else if (!isPersonName(name.trim())) e.name = PERSON_NAME_MSG;
    if (!idNo.trim()) e.idNo = tWorker.required(T.idNo);
    else if (idCardProblem(normalizeDigits(idNo))) e.idNo = tWorker.badIdNo;
    setErr(e);
    if (e.name || e.idNo) return;
    try {
      const r = await realname(token, { name: name.trim(), id_no: idNo.trim() });
      toast('success', r.msg);
      onDone(r.data);
    } catch {
      onFail();
    }
  };
  return (
    <section className={s.card} aria-labelledby="flex-realname-title">
      <Text as="h2" id="flex-realname-title" className={s.subtitle}>
        {T.realnameTitle}
      </Text>
      <Text className={s.note}>{T.realnameNote}</Text>
      <Field label={T.name} required validationMessage={err.name}>
        <Input
          maxLength={40}
          autoComplete="name"
          value={name}
          onChange={(_, d) => (setName(d.value), setErr((e) => ({ ...e, name: undefined })))}
          data-testid="flex-name"
        />
      </Field>
      <Field label={T.idNo} required validationMessage={err.idNo}>
        <Input maxLength={18} value={idNo} onChange={(_, d) => (setIdNo(d.value), setErr((e) => ({ ...e, idNo: undefined })))} data-testid="flex-idno" />
      </Field>
      <Button appearance="primary" size="large" onClick={() => void submit()} data-testid="flex-realname">
        {T.realnameSubmit}
      </Button>
    </section>
  );
}
