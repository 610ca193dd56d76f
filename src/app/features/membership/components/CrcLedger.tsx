import { useEffect, useState } from 'react';
import { Button, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { CrcEntry } from '../../../../contract';
import { openCrcRules } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tMembership } from '../../../shared/i18n/zh-CN.membership';
import { EmptyState, TableScroll } from '../../../shared/ui';
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
        <TableScroll label={tMembership.crc.ledger} minWidth={'640px'}>
          <Table size="small" aria-label={tMembership.crc.ledger}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{c.time}</TableHeaderCell>
                <TableHeaderCell>{c.type}</TableHeaderCell>
                <TableHeaderCell>{c.delta}</TableHeaderCell>
                <TableHeaderCell>{c.balance}</TableHeaderCell>
                <TableHeaderCell>{c.reason}</TableHeaderCell>
                <TableHeaderCell>{c.ref}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.list.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.created_at}</TableCell>
                  <TableCell>{e.delta >= 0 ? tMembership.crc.earn : tMembership.crc.spend}</TableCell>
                  <TableCell className={e.delta >= 0 ? s.plus : s.minus}>{e.delta >= 0 ? `+${e.delta}` : e.delta}</TableCell>
                  <TableCell>{e.balance_after}</TableCell>
                  <TableCell>{e.reason}</TableCell>
                  <TableCell className={s.muted}>{e.ref || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
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
