import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Tooltip } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { TableScroll } from '../../../shared/ui';
import { useTaxStyles } from './styles';

type Row = DataOf<'taxDetail'>['rows'][number];

/** The check rows: 姓名 · 身份证号 (masked) · 收入额 · 已扣税额 · 税款所属期 · 入库日期 with 一致 / 不一致. */
export function RowsTable({ rows }: { rows: readonly Row[] }) {
  const s = useTaxStyles();
  return (
    <TableScroll label={tTax.check.title} minWidth="900px">
      <Table className={s.table} size="small" data-testid="tax-check-rows">
        <TableHeader>
          <TableRow>
            {tTax.check.cols.map((c) => (
              <TableHeaderCell key={c}>{c}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-consistent={r.consistent ? '1' : '0'}>
              <TableCell>{r.name}</TableCell>
              <TableCell className={s.nowrap}>{r.cert_no}</TableCell>
              <TableCell>{yuanText(r.income)}</TableCell>
              <TableCell>{yuanText(r.tax)}</TableCell>
              <TableCell>{r.period}</TableCell>
              <TableCell className={s.nowrap}>{r.paid_date || tTax.check.notRemitted}</TableCell>
              <TableCell className={s.nowrap}>{r.batch_no}</TableCell>
              <TableCell>
                {r.consistent ? (
                  <span className={s.ok}>
                    <CheckmarkCircleRegular /> {tTax.check.same}
                  </span>
                ) : (
                  <Tooltip content={r.problem} relationship="description">
                    <span className={s.bad}>
                      <ErrorCircleRegular /> {tTax.check.diff}
                    </span>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
