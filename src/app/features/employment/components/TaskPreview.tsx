import { useEffect, useState } from 'react';
import { Button, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { payUnitLabel, settleModeLabel, workModeLabel } from '../../../../contract/employment-rules';
import { yuanText } from '../../../../contract/money';
import type { TaskDetail } from '../../../../contract/employment';
import { t } from '../../../shared/i18n/zh-CN';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { loadTask } from '../api';
import { StatusBadge } from './StatusBadge';
import { NotMember } from './NotMember';
import { usePageStyles } from './styles';
import { useMember } from './useMember';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  phone: {
    width: '375px',
    minHeight: '667px',
    border: `${tokens.strokeWidthThickest} solid ${tokens.colorNeutralForeground1}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    boxShadow: tokens.shadow16,
  },
  bar: { textAlign: 'center', padding: tokens.spacingVerticalM, fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground1 },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    margin: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  pay: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightBold },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  label: { color: tokens.colorNeutralForeground3 },
  pre: { whiteSpace: 'pre-wrap', margin: 0 },
  foot: { marginTop: 'auto', padding: tokens.spacingHorizontalM },
  apply: { width: '100%' },
});

/** 任务预览 (/employment/preview/{id}): the saved task in a phone frame, as a worker sees it. */
export function TaskPreview({ id }: { id: number }) {
  const s = useStyles();
  const p = usePageStyles();
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [, navigate] = useLocation();
  const allowed = useMember();
  useEffect(() => {
    if (!allowed) return;
    let alive = true;
    loadTask(id).then(
      (d) => alive && setTask(d),
      () => alive && navigate('/employment'),
    );
    return () => {
      alive = false;
    };
  }, [allowed, id, navigate]);
  if (allowed === false) return <NotMember />;
  if (!task)
    return (
      <section className={p.panel}>
        <div className={p.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );
  const v = tEmp.preview;
  const row = (label: string, value: string, testid?: string) => (
    <div className={s.row}>
      <span className={s.label}>{label}</span>
      <span data-testid={testid}>{value || '—'}</span>
    </div>
  );
  return (
    <section className={p.panel}>
      <div className={s.wrap}>
        <Text className={p.muted}>
          {v.hint} <StatusBadge kind="task" status={task.status} />
        </Text>
        <div className={s.phone} data-testid="task-phone">
          <div className={s.bar}>{task.company_name}</div>
          <div className={s.card}>
            <Text size={500} weight="semibold" data-testid="preview-name">
              {task.name}
            </Text>
            <Text size={200} className={s.label}>
              {task.category}
            </Text>
            <span className={s.pay} data-testid="preview-pay">
              {yuanText(task.pay_amount)} <Text size={300}>{payUnitLabel(task.pay_unit)}</Text>
            </span>
            {row(v.period, task.start_date ? tEmp.period(task.start_date, task.end_date) : '')}
            {row(v.deadline, task.signup_deadline || (task.end_date ? v.untilEnd : ''))}
            {row(v.headcount, v.people(task.headcount))}
            {row(v.mode, task.work_mode === 'offline' ? `${workModeLabel(task.work_mode)} · ${task.address}` : workModeLabel(task.work_mode))}
            {row(v.settle, settleModeLabel(task.settle_mode))}
          </div>
          <div className={s.card}>
            <Text weight="semibold">{v.desc}</Text>
            <p className={s.pre} data-testid="preview-desc">
              {task.description || '—'}
            </p>
            <Text weight="semibold">{v.standard}</Text>
            <p className={s.pre}>{task.standard || '—'}</p>
            {task.attachments.length > 0 && (
              <>
                <Text weight="semibold">{v.attachments}</Text>
                {task.attachments.map((a) =>
                  a.url ? (
                    <Link key={a.media_id} href={a.url} target="_blank">
                      {a.name}
                    </Link>
                  ) : (
                    <span key={a.media_id}>{a.name}</span>
                  ),
                )}
              </>
            )}
          </div>
          <div className={s.foot}>
            <Button appearance="primary" className={s.apply} disabled>
              {v.apply}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
