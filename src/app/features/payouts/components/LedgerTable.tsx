import { useEffect, useState } from 'react';
import { Option } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import type { z } from 'zod';
import type { LedgerData } from '../../../../contract/payouts';
import { fenText } from '../../../../contract/money';
import { LEDGER_TYPE_CODES, LEDGER_TYPES, labelOf, type LedgerType } from '../../../../contract/payouts-rules';
import { oneOf } from '../../../../contract/vocab';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, ListTable, Pager, type Column } from '../../../shared/ui';
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
        <>
          <LedgerRows label={tPay.tabs.ledger} list={data?.list ?? []} />
          {data && (
            <Pager
              page={at.page}
              pageSize={10}
              total={data.total}
              more={data.total_more}
              onPage={(p) => setAt(pageAt(p, { page: at.page, next: data.next, prev: data.prev }))}
            />
          )}
        </>
      )}
    </div>
  );
}

type LedgerEntry = z.infer<typeof LedgerData>['list'][number];

/**
 * The ledger's rows (时间 · 类型 · 金额 ± · 余额 · 关联批次/订单号 · 备注), here and on the 费用记录 page;
 * on a narrow screen the reference number and the remark go to a row's 详情.
 */
export function LedgerRows({ label, list, testId }: { label: string; list: readonly LedgerEntry[]; testId?: string }) {
  const s = usePayStyles();
  const [time, type, amount, balance, ref, remark] = tPay.ledger.cols;
  const columns: readonly Column<LedgerEntry>[] = [
    { key: 'time', header: time, cell: (l) => l.created_at, nowrap: true },
    { key: 'type', header: type, cell: (l) => labelOf(LEDGER_TYPES, l.type), nowrap: true },
    {
      key: 'amount',
      header: amount,
      cell: (l) => <span className={l.amount > 0 ? s.plus : s.minus}>{`${l.amount > 0 ? '+' : ''}${fenText(l.amount)}`}</span>,
      className: s.num,
    },
    { key: 'balance', header: balance, cell: (l) => fenText(l.balance_after), className: s.num },
    { key: 'ref', header: ref, cell: (l) => l.ref_no, nowrap: true, priority: 'secondary' },
    { key: 'remark', header: remark, cell: (l) => l.remark, priority: 'secondary' },
  ];
  return (
    <ListTable
      label={label}
      testId={testId}
      columns={columns}
      items={list}
      rowKey={(l) => l.id}
      rowProps={(l) => ({ 'data-testid': 'ledger-row', 'data-type': l.type, 'data-amount': l.amount, 'data-balance': l.balance_after })}
    />
  );
}
