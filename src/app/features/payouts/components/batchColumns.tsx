import type { z } from 'zod';
import type { BatchDetail, BatchListData, LogItem } from '../../../../contract/payouts';
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

type Batch = z.infer<typeof BatchListData>['list'][number];

/** The columns of 发放管理's batch list: the fee, the tax and who made it give way on a narrow screen. */
export function useBatchColumns(): Column<Batch>[] {
  const s = usePayStyles();
  const m = tPay.batches;
  const [no, heads, gross, fee, tax, net, status, creator] = m.cols;
  return [
    {
      key: 'no',
      header: no,
      nowrap: true,
      cell: (b) => (
        <>
          {b.batch_no}
          <div className={s.small}>{b.task_name || m.source[b.source]}</div>
        </>
      ),
    },
    { key: 'heads', header: heads, cell: (b) => b.head_count },
    { key: 'gross', header: gross, cell: (b) => yuanText(b.gross), className: s.num },
    { key: 'fee', header: fee, cell: (b) => yuanText(b.fee), className: s.num, priority: 'secondary' },
    { key: 'tax', header: tax, cell: (b) => yuanText(b.tax), className: s.num, priority: 'secondary' },
    { key: 'net', header: net, cell: (b) => yuanText(b.net), className: s.num },
    { key: 'status', header: status, cell: (b) => <PayBadge kind="batch" status={b.status} />, nowrap: true },
    {
      key: 'creator',
      header: creator,
      priority: 'secondary',
      cell: (b) => (
        <>
          {b.creator}
          <div className={s.small}>{b.created_at}</div>
        </>
      ),
    },
  ];
}

type Log = z.infer<typeof LogItem>;

/** A batch's 操作日志 (时间 · 操作人 · 类型 · 内容 · IP): the IP gives way on a narrow screen. */
export function useBatchLogColumns(): Column<Log>[] {
  const s = usePayStyles();
  const [at, by, action, content, ip] = tPay.detail.logCols;
  return [
    { key: 'at', header: at, cell: (l) => l.created_at, nowrap: true },
    { key: 'by', header: by, cell: (l) => l.operator, nowrap: true },
    { key: 'action', header: action, cell: (l) => l.action, nowrap: true },
    { key: 'content', header: content, cell: (l) => l.content },
    { key: 'ip', header: ip, cell: (l) => l.ip || '—', className: s.nowrap, priority: 'secondary' },
  ];
}
