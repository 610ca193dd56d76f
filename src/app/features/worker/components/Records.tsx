import { useEffect, useState } from 'react';
import { Badge, Button, Link, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { yuanText } from '../../../../contract/money';
import { ROW_STATUS } from '../../../../contract/payouts-rules';
import type { WorkerRecordsData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { saveBase64 } from '../../../shared/lib/download';
import { records, signedFile } from '../api';
import { taskBadges } from '../lib/status';
import { usePhoneStyles } from './styles';

const T = tWorker.records;

/**
 * 我的任务, 我的协议 and 发放记录: this person's tasks with the company (each its own invitation page,
 * this one marked 当前), what they signed and what the company paid them for this task.
 */
export function Records({ token }: { token: string }) {
  const s = usePhoneStyles();
  const [data, setData] = useState<WorkerRecordsData | null>(null);
  useEffect(() => {
    records(token).then(setData, () => {});
  }, [token]);
  return (
    <section className={s.card} aria-labelledby="flex-records-title" data-testid="flex-records">
      <Text as="h2" id="flex-records-title" className={s.subtitle}>
        {T.title}
      </Text>
      {!data ? (
        <Spinner size="tiny" label={tWorker.loading} />
      ) : (
        <>
          {data.tasks.length > 0 && (
            <div>
              <Text block weight="semibold">
                {T.tasks}
              </Text>
              <ul className={s.list} data-testid="flex-tasks">
                {data.tasks.map((t) => (
                  <li key={t.path} className={mergeClasses(s.row, s.taskRow)} data-testid="flex-task" data-current={t.current || undefined}>
                    <div className={s.grow}>
                      {t.current ? (
                        <Text block weight="semibold" aria-current="page">
                          {t.name}
                        </Text>
                      ) : (
                        <Link href={t.path} data-testid="flex-task-link">
                          {t.name}
                        </Link>
                      )}
                      <div className={s.badges}>
                        {taskBadges(t).map((b) => (
                          <Badge key={b.kind} appearance="tint" color={b.color} data-testid={`flex-task-${b.kind}`}>
                            {b.label}
                          </Badge>
                        ))}
                      </div>
                    </div>
                    {t.current && (
                      <Badge appearance="filled" color="brand" data-testid="flex-task-current">
                        {T.current}
                      </Badge>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {data.agreement && (
            <div>
              <Text block weight="semibold">
                {T.agreement}
              </Text>
              <Text block className={s.note}>
                {T.signedAt(data.agreement.name, data.agreement.version, data.agreement.signed_at)}
              </Text>
              {data.agreement.url && (
                <Link href={data.agreement.url} target="_blank" rel="noopener noreferrer" data-testid="flex-my-agreement">
                  {T.view}
                </Link>
              )}
              {data.agreement.signed_file && (
                <>
                  <Text block className={mergeClasses(s.note, s.hash)}>
                    {T.signedHint(data.agreement.signed_file.sha256)}
                  </Text>
                  <Button
                    appearance="secondary"
                    data-testid="flex-signed-file"
                    onClick={() =>
                      void signedFile(token).then(
                        (f) => saveBase64(f.filename, f.content_base64),
                        () => {},
                      )
                    }
                  >
                    {T.downloadSigned}
                  </Button>
                </>
              )}
            </div>
          )}
          <div>
            <Text block weight="semibold">
              {T.payouts}
            </Text>
            {data.payouts.length === 0 && <Text className={s.note}>{T.none}</Text>}
            {data.payouts.map((p) => (
              <div key={p.id} className={s.row} data-testid="flex-payout">
                <div>
                  <Text block>
                    {T.net} <span className={s.pay}>{yuanText(p.net)}</span>
                  </Text>
                  <Text block className={s.note}>
                    {T.gross(yuanText(p.amount), yuanText(p.tax))}
                  </Text>
                  <Text block className={s.note}>
                    {T.account(T.methods[p.pay_method] ?? '', p.account_mask)}
                  </Text>
                  <Text block className={s.note}>
                    {p.finished_at ? T.paidAt(p.finished_at) : T.createdAt(p.created_at)}
                  </Text>
                  {p.receipt_no && (
                    <Text block className={s.note} data-testid="flex-receipt">
                      {T.receipt(p.receipt_no)}
                    </Text>
                  )}
                </div>
                <Badge appearance="tint" color={ROW_STATUS.find((x) => x.code === p.status)?.color ?? 'informative'}>
                  {ROW_STATUS.find((x) => x.code === p.status)?.label}
                </Badge>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
