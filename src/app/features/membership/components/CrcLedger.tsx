import { useEffect, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { CrcEntry } from '../../../../contract';
import { openCrcRules } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tMembership } from '../../../shared/i18n/zh-CN.membership';
import { EmptyState, ListTable, type Column } from '../../../shared/ui';
import { crcLedger } from '../api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  balance: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  plus: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  minus: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const PAGE = 10;

/** The company's CRC balance and every credit and debit with reason and time. */
export function CrcLedger() {
  const s = useStyles();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ balance: number; total: number; list: CrcEntry[] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    crcLedger(page, PAGE).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page]);
  const c = tMembership.crc.ledgerCols;
  // the reference number gives way to the row's 详情 on a narrow screen
  const columns: readonly Column<CrcEntry>[] = [
    { key: 'time', header: c.time, cell: (e) => e.created_at, nowrap: true },
    { key: 'type', header: c.type, cell: (e) => (e.delta >= 0 ? tMembership.crc.earn : tMembership.crc.spend), nowrap: true },
    {
      key: 'delta',
      header: c.delta,
      cell: (e) => <span className={e.delta >= 0 ? s.plus : s.minus}>{e.delta >= 0 ? `+${e.delta}` : e.delta}</span>,
      nowrap: true,
    },
    { key: 'balance', header: c.balance, cell: (e) => e.balance_after },
    { key: 'reason', header: c.reason, cell: (e) => e.reason },
    { key: 'ref', header: c.ref, cell: (e) => <span className={s.muted}>{e.ref || '—'}</span>, priority: 'secondary' },
  ];
  if (!data) return failed ? <EmptyState compact /> : <Spinner size="small" label={t.state.loading} />;
  const pages = Math.max(1, Math.ceil(data.total / PAGE));
  return (
    <div className={s.root} data-testid="crc-ledger">
      <div className={s.head}>
        <Text>{tMembership.crc.balance}</Text>
        <span className={s.balance} data-testid="crc-balance">
          {data.balance}
        </span>
        <Text className={s.muted}>CRC</Text>
        <Button appearance="transparent" onClick={openCrcRules}>
          {tMembership.crc.viewRules}
        </Button>
      </div>
      <Text weight="semibold">{tMembership.crc.ledger}</Text>
      {data.list.length === 0 ? (
        <EmptyState compact />
      ) : (
        <ListTable label={tMembership.crc.ledger} size="small" minWidth="640px" narrowBelow={640} columns={columns} items={data.list} rowKey={(e) => e.id} />
      )}
      {pages > 1 && (
        <div className={s.pager}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {tMembership.crc.prev}
          </Button>
          <Text className={s.muted}>
            {page} / {pages}
          </Text>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {tMembership.crc.next}
          </Button>
        </div>
      )}
    </div>
  );
}
