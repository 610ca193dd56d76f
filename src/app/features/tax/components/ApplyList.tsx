import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  TableCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { AddRegular, DocumentBulletListMultipleRegular } from '@fluentui/react-icons';
import { useLocation, useSearch } from 'wouter';
import type { DataOf } from '../../../../contract';
import { PROOF_TYPES, TAX_STATUS_CODES, TAX_STATUS_TEXT, periodText, taxRowActions } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, PagedTable } from '../../../shared/ui';
import { applicationAction, downloadFile, listApplications } from '../api';
import { saveFile } from '../lib/file';
import { TaxBadge } from './StatusBadge';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

type Item = DataOf<'taxList'>['list'][number];
const FILTERS = ['all', ...TAX_STATUS_CODES] as const;
/** the server's page size of this list */
const PAGE_SIZE = 10;

/** /payTaxes/list: the applications with the breadcrumb's keywords and a status filter; row actions by status. */
export function ApplyList() {
  const s = useTaxStyles();
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const keywords = params.get('keywords')?.trim() ?? '';
  // ?status=unpaid (the home page's 待支付完税订单 card) opens the list on that filter
  const asked = params.get('status');
  const fromUrl = FILTERS.find((k) => k === asked) ?? 'all';
  const [status, setStatus] = useState<(typeof FILTERS)[number]>(fromUrl);
  useEffect(() => setStatus(fromUrl), [fromUrl]);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DataOf<'taxList'> | null>(null);
  const [withdraw, setWithdraw] = useState<Item | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => setPage(1), [keywords, status]);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setData(null);
    listApplications({ keywords, status, page }).then(
      (d) => live && setData(d),
      () => live && setData({ list: [], total: 0, counts: {} }),
    );
    return () => {
      live = false;
    };
  }, [allowed, keywords, status, page, version]);

  const doWithdraw = useCallback(async () => {
    if (!withdraw) return;
    try {
      const r = await applicationAction(withdraw.id, 'withdraw');
      toastSuccess(r.msg);
      setVersion((n) => n + 1);
    } catch {
      // told
    } finally {
      setWithdraw(null);
    }
  }, [withdraw]);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );
  const count = (k: (typeof FILTERS)[number]) => (k === 'all' ? Object.values(data?.counts ?? {}).reduce((a, b) => a + b, 0) : (data?.counts[k] ?? 0));

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <TabList selectedValue={status} onTabSelect={(_, d) => setStatus(d.value as (typeof FILTERS)[number])} size="small">
            {FILTERS.map((k) => (
              <Tab key={k} value={k} data-testid={`tax-filter-${k}`}>
                {k === 'all' ? tTax.list.all : TAX_STATUS_TEXT[k]}
                {data ? `(${count(k)})` : ''}
              </Tab>
            ))}
          </TabList>
          <div className={s.row}>
            <Button onClick={() => navigate('/payTaxes/auth')}>{tTax.list.auth}</Button>
            <Button icon={<DocumentBulletListMultipleRegular />} onClick={() => navigate('/payTaxes/bulkImport')} data-testid="tax-bulk">
              {tTax.list.bulk}
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/payTaxes/add')} data-testid="tax-add">
              {tTax.list.add}
            </Button>
          </div>
        </div>
        {keywords && <Text className={s.small}>{tTax.list.searchHint(keywords)}</Text>}
        <PagedTable
          pinLast
          label={tTax.title}
          testId="tax-table"
          minWidth="1040px"
          headers={tTax.list.cols}
          data={data && { ...data, page, page_size: PAGE_SIZE }}
          onPage={setPage}
          emptyText={tTax.list.empty}
          emptyDescription={keywords || status !== 'all' ? undefined : tTax.list.emptyHint}
          row={(a) => (
            <TableRow key={a.id} data-apply={a.apply_no}>
              <TableCell className={s.nowrap}>{a.apply_no}</TableCell>
              <TableCell className={s.nowrap}>{a.created_at.slice(0, 16)}</TableCell>
              <TableCell className={s.nowrap}>{periodText(a.period_start, a.period_end)}</TableCell>
              <TableCell>{tTax.list.people(a.head_count)}</TableCell>
              <TableCell className={s.nowrap}>{yuanText(a.tax)}</TableCell>
              <TableCell>{PROOF_TYPES[a.proof_type]}</TableCell>
              <TableCell>
                <TaxBadge status={a.status} />
              </TableCell>
              <TableCell>
                <RowActions a={a} onWithdraw={() => setWithdraw(a)} />
              </TableCell>
            </TableRow>
          )}
        />
      </section>
      <Dialog open={withdraw !== null} onOpenChange={(_, d) => !d.open && setWithdraw(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tTax.list.withdrawTitle}</DialogTitle>
            <DialogContent>{withdraw ? tTax.list.withdrawBody(withdraw.apply_no) : ''}</DialogContent>
            <DialogActions>
              <Button onClick={() => setWithdraw(null)}>{tTax.list.cancel}</Button>
              <Button appearance="primary" onClick={() => void doWithdraw()} data-testid="tax-withdraw-ok">
                {tTax.list.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}

function RowActions({ a, onWithdraw }: { a: Item; onWithdraw: () => void }) {
  const s = useTaxStyles();
  const [, navigate] = useLocation();
  const go = {
    check: () => navigate(`/payTaxes/check/${a.id}`),
    pay: () => navigate(`/payTaxes/order/${a.id}`),
    view: () => navigate(`/payTaxes/detail/${a.id}/${a.apply_no}`),
    download: () => void downloadFile(a.id, 'proof').then(saveFile, () => {}),
    withdraw: onWithdraw,
  };
  return (
    <div className={s.actions}>
      {taxRowActions(a.status).map((k) => (
        <Button key={k} size="small" appearance="transparent" onClick={go[k]} data-testid={`tax-${k}-${a.id}`}>
          {tTax.list[k]}
        </Button>
      ))}
    </div>
  );
}
