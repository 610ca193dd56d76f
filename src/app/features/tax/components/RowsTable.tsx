import { Tooltip } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { ListTable, type Column } from '../../../shared/ui';
import { useTaxStyles } from './styles';

type Row = DataOf<'taxDetail'>['rows'][number];

/**
 * The check rows: 姓名 · 身份证号 (masked) · 收入额 · 已扣税额 · 税款所属期 · 入库日期 · 批次号 with
 * 一致 / 不一致; on a narrow screen the ID number and the batch go to a row's 详情.
 */
export function RowsTable({ rows }: { rows: readonly Row[] }) {
  const s = useTaxStyles();
  const [name, cert, income, tax, period, paid, batch, result] = tTax.check.cols;
  const columns: readonly Column<Row>[] = [
    { key: 'name', header: name, cell: (r) => r.name, nowrap: true },
    { key: 'cert', header: cert, cell: (r) => r.cert_no, nowrap: true, priority: 'secondary' },
    { key: 'income', header: income, cell: (r) => yuanText(r.income), nowrap: true },
    { key: 'tax', header: tax, cell: (r) => yuanText(r.tax), nowrap: true },
    { key: 'period', header: period, cell: (r) => r.period, nowrap: true },
    { key: 'paid', header: paid, cell: (r) => r.paid_date || tTax.check.notRemitted, nowrap: true },
    { key: 'batch', header: batch, cell: (r) => r.batch_no, nowrap: true, priority: 'secondary' },
    {
      key: 'result',
      header: result,
      nowrap: true,
      cell: (r) =>
        r.consistent ? (
          <span className={s.ok}>
            <CheckmarkCircleRegular /> {tTax.check.same}
          </span>
        ) : (
          <Tooltip content={r.problem} relationship="description">
            <span className={s.bad}>
              <ErrorCircleRegular /> {tTax.check.diff}
            </span>
          </Tooltip>
        ),
    },
  ];
  return (
    <ListTable
      label={tTax.check.title}
      testId="tax-check-rows"
      size="small"
      minWidth="900px"
      narrowBelow={900}
      columns={columns}
      items={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-consistent': r.consistent ? '1' : '0' })}
    />
  );
}
