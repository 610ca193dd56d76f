import type { z } from 'zod';
import type { BatchDetail } from '../../../../contract/payouts';
import { yuanText } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import type { Column } from '../../../shared/ui';
import { PayBadge } from './Badges';
import { usePayStyles } from './styles';

type Row = z.infer<typeof BatchDetail>['rows'][number];

/**
 * The columns of a batch's rows (shared/ui ListTable): on a narrow screen the ID, mobile and
 * bank numbers, the tax and the times go to a row's 详情; 修改金额 stays pinned in view (issue 33).
 */
export function useRowColumns(): Column<Row>[] {
  const s = usePayStyles();
  const C = tPay.detail.rows;
  return [
    { key: 'name', header: C[0], cell: (r) => r.name, nowrap: true },
    { key: 'cert', header: C[1], cell: (r) => r.cert_no, nowrap: true, priority: 'secondary' },
    { key: 'mobile', header: C[2], cell: (r) => r.mobile, nowrap: true, priority: 'secondary' },
    {
      key: 'bank',
      header: C[3],
      nowrap: true,
      priority: 'secondary',
      cell: (r) => (
        <>
          {r.bank_card || '—'}
          {r.bank_name && <div className={s.small}>{r.bank_name}</div>}
        </>
      ),
    },
    { key: 'amount', header: C[4], cell: (r) => yuanText(r.amount), className: s.num },
    { key: 'tax', header: C[5], cell: (r) => yuanText(r.tax), className: s.num, priority: 'secondary' },
    { key: 'net', header: C[6], cell: (r) => yuanText(r.net), className: s.num },
    { key: 'status', header: C[7], cell: (r) => <PayBadge kind="row" status={r.status} />, nowrap: true },
    { key: 'reason', header: C[8], cell: (r) => r.fail_reason || '—' },
    { key: 'finished', header: C[9], cell: (r) => r.finished_at || '—', nowrap: true, priority: 'secondary' },
  ];
}
