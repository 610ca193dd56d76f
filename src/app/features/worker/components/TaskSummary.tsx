import type { ReactNode } from 'react';
import { mergeClasses, Text } from '@fluentui/react-components';
import { payUnitLabel, workModeLabel } from '../../../../contract/employment-rules';
import { yuanText } from '../../../../contract/money';
import type { WorkerTask } from '../../../../contract/worker';
import { tWorker as T } from '../../../shared/i18n/zh-CN.worker';
import { usePhoneStyles } from './styles';

/** The task as the worker sees it: name, company, pay, dates, where; `extra` rows below (statuses). */
export function TaskSummary({ task, extra }: { task: WorkerTask; extra?: { label: string; value: ReactNode; testId?: string }[] }) {
  const s = usePhoneStyles();
  const rows: { label: string; value: ReactNode; testId?: string; pay?: boolean }[] = [
    { label: T.pay, value: `${yuanText(task.pay_amount)}${payUnitLabel(task.pay_unit).replace(/^元/, '')}`, pay: true, testId: 'flex-pay' },
    { label: T.period, value: T.periodOf(task.start_date, task.end_date) },
    { label: T.workMode, value: workModeLabel(task.work_mode) },
    ...(task.address ? [{ label: T.address, value: task.address }] : []),
    ...(extra ?? []),
  ];
  return (
    <section className={s.card} aria-labelledby="flex-task-name">
      <div>
        <Text as="h1" block className={s.title} id="flex-task-name" data-testid="flex-task-name">
          {task.name}
        </Text>
        <Text block className={s.note}>
          {task.company_name}
        </Text>
      </div>
      <dl className={s.rows}>
        {rows.map((r) => (
          <div key={r.label} className={s.row}>
            <dt className={s.label}>{r.label}</dt>
            <dd className={mergeClasses(s.value, r.pay && s.pay)} data-testid={r.testId}>
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
