import { useEffect, useState } from 'react';
import { Badge, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { PiiViewsData } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tPrivacy } from '../../../shared/i18n/zh-CN.privacy';
import { EmptyState, Pager, TableScroll } from '../../../shared/ui';
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
  nowrap: { whiteSpace: 'nowrap' },
});

type Data = z.infer<typeof PiiViewsData>;

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
          <TableScroll label={v.title} minWidth={'720px'}>
            <Table size="small" aria-label={v.title}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{v.cols.viewer}</TableHeaderCell>
                  <TableHeaderCell>{v.cols.time}</TableHeaderCell>
                  <TableHeaderCell>{v.cols.subject}</TableHeaderCell>
                  <TableHeaderCell>{v.cols.record}</TableHeaderCell>
                  <TableHeaderCell>{v.cols.reason}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.list.map((r) => (
                  <TableRow key={r.id} data-testid="pii-view-row">
                    <TableCell>{r.viewer}</TableCell>
                    <TableCell className={s.nowrap}>{r.viewed_at}</TableCell>
                    <TableCell>
                      <div>{r.subject_name || (r.subject_type === 'import_batch' ? v.wholeFile : '—')}</div>
                      <div className={s.muted}>
                        <Badge appearance="tint" size="small" color={r.field === 'mobile' ? 'informative' : 'warning'}>
                          {v.fields[r.field] ?? r.field}
                        </Badge>{' '}
                        {r.subject_mask}
                      </div>
                    </TableCell>
                    <TableCell>{r.record}</TableCell>
                    <TableCell>{r.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          {data.total > data.page_size && <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
