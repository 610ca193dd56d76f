import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { z } from 'zod';
import type { SettingsChangesData } from '../../../../contract/payouts';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, Pager } from '../../../shared/ui';
import { loadSettingsChanges } from '../api';
import { settingsDiff } from '../lib/settings-diff';
import { usePayStyles } from './styles';

/** 发放设置变更记录 (issue 27): who changed the rates, the cap or the approval rules, before → after. */
export function SettingsChangesDialog({ onClose }: { onClose: () => void }) {
  const s = usePayStyles();
  const m = tPay.changes;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<z.infer<typeof SettingsChangesData> | null>(null);
  useEffect(() => {
    loadSettingsChanges(page).then(setData, () => onClose());
  }, [page, onClose]);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 760 }}>
        <DialogBody>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogContent>
            {!data ? (
              <Spinner />
            ) : data.total === 0 ? (
              <EmptyState text={m.empty} />
            ) : (
              <>
                <Table size="small" className={s.table} data-testid="settings-changes">
                  <TableHeader>
                    <TableRow>
                      {m.cols.map((c) => (
                        <TableHeaderCell key={c}>{c}</TableHeaderCell>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.list.map((c) => (
                      <TableRow key={c.id}>
                        <TableCell className={s.nowrap}>{c.created_at}</TableCell>
                        <TableCell>{c.operator}</TableCell>
                        <TableCell>
                          {settingsDiff(c.before, c.after).map((line) => (
                            <div key={line}>{line}</div>
                          ))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <Pager page={page} pageSize={10} total={data.total} onPage={setPage} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{m.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
