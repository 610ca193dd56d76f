import { useCallback, useEffect, useState } from 'react';
import { Button, Option, Spinner, Tab, TabList, Text, mergeClasses } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { IMPORT_STATUSES, IMPORT_TYPE_DEFS, IMPORT_TYPE_NAMES, type ImportBatch, type ImportBatchList, type ImportStatus } from '../../../../contract/imports';
import { oneOf } from '../../../../contract/vocab';
import { requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { EmptyState, ListTable, Pager, type Column } from '../../../shared/ui';
import { downloadErrors, downloadOriginal, listBatches } from '../api';
import { saveFile } from '../lib/file';
import { BatchDetail } from './BatchDetail';
import { ImportStatusBadge } from './StatusBadge';
import { useImportStyles } from './styles';

/** /import-batch: the company's import batches, by status and type, with details and the two files. */
export function BatchList() {
  const s = useImportStyles();
  const [, navigate] = useLocation();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [status, setStatus] = useState<ImportStatus | 'all'>('all');
  const [type, setType] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ImportBatchList | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<ImportBatch | null>(null);
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => setPage(1), [status, type]);
  useEffect(() => {
    if (!allowed) return;
    let alive = true;
    setFailed(false);
    listBatches({ page, status: status === 'all' ? undefined : status, type: type === 'all' ? undefined : type }).then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [allowed, status, type, page, reload]);
  const close = useCallback(() => setOpen(null), []);
  const save = (p: Promise<Parameters<typeof saveFile>[0]>) => void p.then(saveFile, () => undefined);

  const c = tImport.batches.cols;
  // the file, the counts and the status stay in view; the total, who and when give way on a narrow screen
  const columns: readonly Column<ImportBatch>[] = [
    { key: 'no', header: c.no, cell: (b) => b.batch_no, nowrap: true },
    { key: 'type', header: c.type, cell: (b) => b.type_label, nowrap: true },
    {
      key: 'file',
      header: c.file,
      cell: (b) => (
        <>
          {b.file_name}
          {b.file_purged_at && (
            <Text block className={s.small} title={tImport.batches.filePurgedAt(b.file_purged_at)} data-testid="batch-file-purged">
              {tImport.batches.filePurged}
            </Text>
          )}
        </>
      ),
    },
    { key: 'total', header: c.total, cell: (b) => b.total, priority: 'secondary' },
    { key: 'ok', header: c.ok, cell: (b) => (b.status === 'success' ? b.imported_count : b.ok_count) },
    { key: 'fail', header: c.fail, cell: (b) => <span className={b.fail_count ? s.danger : undefined}>{b.fail_count}</span> },
    { key: 'status', header: c.status, cell: (b) => <ImportStatusBadge status={b.status} />, nowrap: true },
    { key: 'operator', header: c.operator, cell: (b) => b.operator, nowrap: true, priority: 'secondary' },
    { key: 'time', header: c.time, cell: (b) => b.created_at.slice(0, 16), className: mergeClasses(s.small, s.nowrap), priority: 'secondary' },
  ];
  const typeText = type === 'all' ? tImport.batches.allTypes : (IMPORT_TYPE_DEFS[type as keyof typeof IMPORT_TYPE_DEFS]?.label ?? type);
  const head = (
    <div className={s.head}>
      <TabList selectedValue={status} onTabSelect={(_, d) => setStatus(oneOf(IMPORT_STATUSES, String(d.value)) ?? 'all')} aria-label={c.status}>
        <Tab value="all">{tImport.batches.all}</Tab>
        {IMPORT_STATUSES.map((k) => (
          <Tab key={k} value={k} data-testid={`batch-tab-${k}`}>
            {tImport.statuses[k]}
          </Tab>
        ))}
      </TabList>
      <div className={s.filters}>
        <Dropdown aria-label={c.type} value={typeText} selectedOptions={[type]} onOptionSelect={(_, d) => setType(d.optionValue ?? 'all')}>
          <Option value="all">{tImport.batches.allTypes}</Option>
          {IMPORT_TYPE_NAMES.map((k) => (
            <Option key={k} value={k}>
              {IMPORT_TYPE_DEFS[k].label}
            </Option>
          ))}
        </Dropdown>
        <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => navigate(`/bulkImport/${type === 'all' ? 'dimission' : type}`)}>
          {tImport.batches.newImport}
        </Button>
      </div>
    </div>
  );

  if (allowed === false)
    return (
      <section className={s.panel}>
        <EmptyState text={tImport.batches.empty} description={tImport.allOrNothing} />
      </section>
    );

  return (
    <section className={s.panel}>
      {head}
      {failed ? (
        <EmptyState text={tImport.batches.loadFailed} action={<Button onClick={() => setReload((n) => n + 1)}>{tImport.batches.retry}</Button>} />
      ) : !data ? (
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState text={tImport.batches.empty} description={tImport.batches.emptyHint} />
      ) : (
        <>
          <ListTable
            label={tImport.batchesTitle}
            testId="import-batches"
            columns={columns}
            items={data.list}
            rowKey={(b) => b.id}
            rowProps={() => ({ 'data-testid': 'import-batch-row' })}
            actions={(b) => [
              { key: 'detail', label: tImport.batches.detail, onClick: () => setOpen(b), testId: 'batch-detail' },
              ...(b.file_purged_at
                ? []
                : [{ key: 'file', label: tImport.batches.downloadFile, onClick: () => save(downloadOriginal(b.id)), testId: 'batch-file' }]),
              ...(!b.file_purged_at && b.fail_count + b.warn_count > 0
                ? [{ key: 'errors', label: tImport.batches.downloadErrors, onClick: () => save(downloadErrors(b.id)), testId: 'batch-errors' }]
                : []),
            ]}
          />
          <Pager page={page} pageSize={data.page_size} total={data.total} onPage={setPage} />
          <Text className={s.small}>{tImport.batches.piiNote}</Text>
        </>
      )}
      {open && <BatchDetail batch={open} onClose={close} />}
    </section>
  );
}
