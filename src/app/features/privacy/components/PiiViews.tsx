import { useEffect, useState } from 'react';
import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { PiiViewsData } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tPrivacy } from '../../../shared/i18n/zh-CN.privacy';
import { EmptyState, ListTable, Pager, type Column } from '../../../shared/ui';
import { piiViews } from '../api';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Data = z.infer<typeof PiiViewsData>;
type View = Data['list'][number];

/** /account?id=privacy: who saw whose full mobile / ID card / bank card, in which record, when and why (PIPL art. 51). */
export function PiiViews() {
  const s = useStyles();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    piiViews(page).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page]);
  const v = tPrivacy.views;
  // who saw what and when stay in view; the record and the reason give way on a narrow screen
  const columns: readonly Column<View>[] = [
    { key: 'viewer', header: v.cols.viewer, cell: (r) => r.viewer, nowrap: true },
    { key: 'time', header: v.cols.time, cell: (r) => r.viewed_at, nowrap: true },
    {
      key: 'subject',
      header: v.cols.subject,
      cell: (r) => (
        <>
          <div>{r.subject_name || (r.subject_type === 'import_batch' ? v.wholeFile : '—')}</div>
          <div className={s.muted}>
            <Badge appearance="tint" size="small" color={r.field === 'mobile' ? 'informative' : 'warning'}>
              {v.fields[r.field] ?? r.field}
            </Badge>{' '}
            {r.subject_mask}
          </div>
        </>
      ),
    },
    { key: 'record', header: v.cols.record, cell: (r) => r.record, priority: 'secondary' },
    { key: 'reason', header: v.cols.reason, cell: (r) => r.reason, priority: 'secondary' },
  ];
  return (
    <section className={s.root} data-testid="pii-views" aria-label={v.title}>
      <Text as="h2" size={500} weight="semibold">
        {v.title}
      </Text>
      <Text size={200} className={s.muted}>
        {v.intro}
      </Text>
      {!data ? (
        failed ? (
          <EmptyState compact text={v.loadFailed} />
        ) : (
          <Spinner size="small" label={t.state.loading} />
        )
      ) : data.list.length === 0 ? (
        <EmptyState compact text={v.empty} />
      ) : (
        <>
          <ListTable
            label={v.title}
            size="small"
            minWidth="720px"
            narrowBelow={720}
            columns={columns}
            items={data.list}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'pii-view-row' })}
          />
          {data.total > data.page_size && <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
