import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { EmptyState, Pager, TableScroll } from '../../../shared/ui';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { listFlexWorkers, pickWorkers } from '../api';
import { usePageStyles } from './styles';

type Data = Awaited<ReturnType<typeof listFlexWorkers>>;

/** 从人员库选择: the company's flexible workers (imported, named or signed up before), masked. */
export function PickWorkersDialog({ taskId, onClose, onAdded }: { taskId: number; onClose: () => void; onAdded: () => void }) {
  const s = usePageStyles();
  const m = tEmp.manage;
  const [kw, setKw] = useState('');
  const [query, setQuery] = useState('');
  // the next / previous page by the shown page's cursor (issue 34)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const [data, setData] = useState<Data | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let alive = true;
    listFlexWorkers({ keywords: query || undefined, task_id: taskId, ...at }).then(
      (d) => alive && setData(d),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [taskId, query, at]);
  const toggle = (id: number, on: boolean) =>
    setPicked((p) => {
      const n = new Set(p);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const submit = async () => {
    setBusy(true);
    try {
      const { msg } = await pickWorkers(taskId, [...picked]);
      toast('success', msg);
      onAdded();
      onClose();
    } catch {
      // told by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '880px', width: '90vw' }}>
        <DialogBody>
          <DialogTitle>{m.pickTitle}</DialogTitle>
          <DialogContent>
            <Input
              placeholder={m.pickSearch}
              value={kw}
              maxLength={40}
              contentAfter={
                <SearchRegular
                  onClick={() => {
                    setAt({ page: 1 });
                    setQuery(kw.trim());
                  }}
                />
              }
              onChange={(_, d) => setKw(d.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  setAt({ page: 1 });
                  setQuery(kw.trim());
                }
              }}
              data-testid="pick-search"
            />
            {!data ? null : data.list.length === 0 ? (
              <EmptyState text={tEmp.list.empty} />
            ) : (
              <>
                <TableScroll label={tEmp.manage.tabs.applied ?? ''} minWidth={'640px'}>
                  <Table className={s.table} size="small" data-testid="pick-table">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell />
                        {m.cols.slice(0, 4).map((c) => (
                          <TableHeaderCell key={c}>{c}</TableHeaderCell>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.list.map((w) => (
                        <TableRow key={w.id} data-testid="pick-row" data-name={w.name}>
                          <TableCell>
                            <Checkbox
                              disabled={w.in_task}
                              checked={w.in_task || picked.has(w.id)}
                              onChange={(_, d) => toggle(w.id, !!d.checked)}
                              aria-label={w.name}
                            />
                          </TableCell>
                          <TableCell>
                            {w.name}{' '}
                            {w.in_task && (
                              <Badge appearance="tint" color="informative">
                                {m.inTask}
                              </Badge>
                            )}{' '}
                            {w.realname_verified && (
                              <Badge appearance="tint" color="success">
                                {m.verified}
                              </Badge>
                            )}
                          </TableCell>
                          <TableCell>{w.mobile}</TableCell>
                          <TableCell>{w.cert_no}</TableCell>
                          <TableCell>{w.bank_card || '—'}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableScroll>
                <Pager page={data.page} pageSize={data.page_size} total={data.total} more={data.total_more} onPage={(n) => setAt(pageAt(n, data))} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{m.cancel}</Button>
            <Button appearance="primary" disabled={busy || picked.size === 0} onClick={() => void submit()} data-testid="pick-submit">
              {m.pickAdd(picked.size)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
