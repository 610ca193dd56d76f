import { useEffect, useState } from 'react';
import { Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import type { z } from 'zod';
import type { LedgerData } from '../../../../contract/payouts';
import { fenText } from '../../../../contract/money';
import { LEDGER_TYPE_CODES, LEDGER_TYPES, labelOf, type LedgerType } from '../../../../contract/payouts-rules';
import { oneOf } from '../../../../contract/vocab';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, Pager, TableScroll } from '../../../shared/ui';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { loadLedger } from '../api';
import { usePayStyles } from './styles';

/** 费用记录: the account's ledger, newest first, filterable by type. */
export function LedgerTable({ version }: { version: number }) {
  const m = tPay.ledger;
  const [type, setType] = useState<LedgerType | 'all'>('all');
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const [data, setData] = useState<z.infer<typeof LedgerData> | null>(null);
  useEffect(() => {
    loadLedger({ type, ...at }).then(setData, () => undefined);
  }, [type, at, version]);
  const options = [{ code: 'all', label: m.all }, ...LEDGER_TYPES];
  return (
    <div data-testid="pay-ledger">
      <Dropdown
        value={labelOf(options, type)}
        selectedOptions={[type]}
        onOptionSelect={(_, d) => (setType(oneOf(LEDGER_TYPE_CODES, d.optionValue) ?? 'all'), setAt({ page: 1 }))}
        data-testid="ledger-type"
        style={{ marginBottom: 8 }}
      >
        {options.map((o) => (
          <Option key={o.code} value={o.code}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
      {data && data.list.length === 0 ? (
        <EmptyState text={m.empty} />
      ) : (
        <TableScroll label={tPay.tabs.ledger}>
          <LedgerRows list={data?.list ?? []} />
          {data && (
            <Pager
              page={at.page}
              pageSize={10}
              total={data.total}
              more={data.total_more}
              onPage={(p) => setAt(pageAt(p, { page: at.page, next: data.next, prev: data.prev }))}
            />
          )}
        </TableScroll>
      )}
    </div>
  );
}

type LedgerEntry = z.infer<typeof LedgerData>['list'][number];

/** The ledger's rows (时间 · 类型 · 金额 ± · 余额 · 关联批次/订单号 · 备注), here and on the 费用记录 page. */
export function LedgerRows({ list, testId }: { list: readonly LedgerEntry[]; testId?: string }) {
  const s = usePayStyles();
  return (
    <Table className={s.table} data-testid={testId}>
      <TableHeader>
        <TableRow>
          {tPay.ledger.cols.map((c) => (
            <TableHeaderCell key={c}>{c}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((l) => (
          <TableRow key={l.id} data-testid="ledger-row" data-type={l.type} data-amount={l.amount} data-balance={l.balance_after}>
            <TableCell className={s.nowrap}>{l.created_at}</TableCell>
            <TableCell>{labelOf(LEDGER_TYPES, l.type)}</TableCell>
            <TableCell className={mergeClasses(s.num, l.amount > 0 ? s.plus : s.minus)}>
              {l.amount > 0 ? '+' : ''}
              {fenText(l.amount)}
            </TableCell>
            <TableCell className={s.num}>{fenText(l.balance_after)}</TableCell>
            <TableCell className={s.nowrap}>{l.ref_no}</TableCell>
            <TableCell>{l.remark}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
