import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Text,
} from '@fluentui/react-components';
import { toast } from '../../../shared/lib/notify';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { setHeadcount } from '../api';

const T = tStat.headcount;

/**
 * 设置在职人数 (admins): the headcount as of a day, for the company or one department, confirmed
 * in a second step because it sets every later period's 期初/期末 (docs/statistics.md 在职人数).
 */
export function HeadcountDialog(p: { today: string; department?: string; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [asOf, setAsOf] = useState(p.today);
  const [staff, setStaff] = useState('');
  const [dept, setDept] = useState(p.department ?? '');
  const [confirm, setConfirm] = useState(false);
  const valid = /^\d{1,8}$/.test(staff) && asOf !== '' && asOf <= p.today;
  const save = async () => {
    await setHeadcount({ as_of: asOf, staff, department: dept.trim() || undefined });
    toast('success', T.saved);
    setOpen(false);
    setConfirm(false);
    p.onSaved();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        setConfirm(false);
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button size="small" data-testid="headcount-open">
          {T.open}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.open}</DialogTitle>
          <DialogContent>
            {confirm ? (
              <Text data-testid="headcount-confirm">{T.confirm(dept.trim() || T.company, asOf, staff)}</Text>
            ) : (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
                <Text>{T.intro}</Text>
                <Field label={T.asOf} required validationMessage={asOf > p.today ? T.future : undefined}>
                  <Input type="date" value={asOf} max={p.today} onChange={(_, d) => setAsOf(d.value)} data-testid="headcount-date" />
                </Field>
                <Field label={T.dept} hint={T.deptHint}>
                  <Input value={dept} maxLength={15} onChange={(_, d) => setDept(d.value)} data-testid="headcount-dept" />
                </Field>
                <Field label={T.staff} required>
                  <Input type="number" min={0} value={staff} onChange={(_, d) => setStaff(d.value)} data-testid="headcount-staff" />
                </Field>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {confirm ? (
              <>
                <Button onClick={() => setConfirm(false)}>{T.back}</Button>
                <Button appearance="primary" onClick={() => void save()} data-testid="headcount-save">
                  {T.save}
                </Button>
              </>
            ) : (
              <>
                <DialogTrigger disableButtonEnhancement>
                  <Button>{T.cancel}</Button>
                </DialogTrigger>
                <Button appearance="primary" disabled={!valid} onClick={() => setConfirm(true)} data-testid="headcount-next">
                  {T.next}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
