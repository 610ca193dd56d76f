import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Text,
  mergeClasses,
} from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { AGREEMENT_MAX_BYTES } from '../../../../contract/employment-rules';
import { requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { EmptyState, ListTable, type Column } from '../../../shared/ui';
import { agreementUrl, listAgreements, saveAgreement } from '../api';
import { NotMember } from './NotMember';
import { usePageStyles } from './styles';
import { useMember } from './useMember';

type Agreement = Awaited<ReturnType<typeof listAgreements>>['list'][number];

/** The agreement versions' columns: the file, who and when give way to the row's 详情 on a narrow screen. */
function protocolColumns(s: ReturnType<typeof usePageStyles>): Column<Agreement>[] {
  const p = tEmp.protocol;
  const [version, name, file, effective, signed, by, at] = p.cols;
  return [
    { key: 'version', header: version, cell: (a) => `v${a.version}`, nowrap: true },
    { key: 'name', header: name, cell: (a) => a.name },
    { key: 'file', header: file, cell: (a) => `${a.file_name}（${(a.size / 1024).toFixed(0)} KB）`, className: s.small, priority: 'secondary' },
    {
      key: 'effective',
      header: effective,
      nowrap: true,
      cell: (a) => (
        <>
          {a.effective_date}{' '}
          <Badge appearance="tint" color={a.current ? 'success' : a.effective_date > today() ? 'warning' : 'informative'}>
            {a.current ? p.current : a.effective_date > today() ? p.pending : p.old}
          </Badge>
        </>
      ),
    },
    { key: 'signed', header: signed, cell: (a) => a.signed_num },
    { key: 'by', header: by, cell: (a) => a.created_by, nowrap: true, priority: 'secondary' },
    { key: 'at', header: at, cell: (a) => a.created_at.slice(0, 16), className: mergeClasses(s.small, s.nowrap), priority: 'secondary' },
  ];
}

/** The agreement's upload control: the upload feature's field, given by the page. */
export type PdfSlot = (p: { onMediaId: (mediaId: string) => void; check: (f: File) => string | null }) => ReactNode;

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
export const pdfProblem = (f: File) => (!/\.pdf$/i.test(f.name) ? tEmp.protocol.notPdf : f.size > AGREEMENT_MAX_BYTES ? tEmp.protocol.tooBig : null);

/** 上传协议 (/employment/upload-protocol/{id}): versions with 生效日期, a new version, the PDF previewed in the browser. */
export function ProtocolPage({ id, pdfField }: { id: number; pdfField: PdfSlot }) {
  const s = usePageStyles();
  const p = tEmp.protocol;
  const [data, setData] = useState<Awaited<ReturnType<typeof listAgreements>> | null>(null);
  const [name, setName] = useState(tEmp.protocol.defaultName);
  const [mediaId, setMediaId] = useState('');
  const [date, setDate] = useState(today());
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState<{ url: string; file_name: string } | null>(null);
  const [, navigate] = useLocation();
  const load = useCallback(() => listAgreements(id).then(setData, () => navigate('/employment')), [id, navigate]);
  const allowed = useMember();
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

  const save = async () => {
    const problem = !name.trim() ? p.needName : !mediaId ? p.needFile : !date ? p.needDate : null;
    if (problem) {
      toast('warning', problem);
      return;
    }
    if (!requireMember()) return;
    setSaving(true);
    try {
      const { msg } = await saveAgreement(id, { name: name.trim(), media_id: mediaId, effective_date: date });
      toast('success', msg);
      await load();
    } catch {
      // told by the request layer
    } finally {
      setSaving(false);
    }
  };

  if (allowed === false) return <NotMember />;
  if (!data)
    return (
      <section className={s.panel}>
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );
  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <Text as="h1" size={500} weight="semibold">
            {p.title} · {data.task.name}
          </Text>
        </div>
        <Text as="p" className={s.muted}>
          {p.hint}
        </Text>
        <div className={s.form}>
          <Field label={p.name} required>
            <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} data-testid="protocol-name" />
          </Field>
          <Field label={p.file} required>
            {pdfField({ onMediaId: setMediaId, check: pdfProblem })}
          </Field>
          <Field label={p.effective} required>
            <Input type="date" value={date} min={today()} onChange={(_, d) => setDate(d.value)} data-testid="protocol-date" />
          </Field>
          <div className={s.footer}>
            <Button appearance="primary" disabled={saving || !mediaId} onClick={() => void save()} data-testid="protocol-save">
              {p.save}
            </Button>
          </div>
        </div>
      </section>
      <section className={s.panel}>
        <Text as="h2" size={400} weight="semibold">
          {p.versions}
        </Text>
        {data.list.length === 0 ? (
          <EmptyState text={tEmp.list.empty} />
        ) : (
          <ListTable
            label={p.versions}
            testId="protocol-table"
            minWidth="720px"
            narrowBelow={720}
            columns={protocolColumns(s)}
            items={data.list}
            rowKey={(a) => a.id}
            rowProps={() => ({ 'data-testid': 'protocol-row' })}
            actions={(a) => [{ key: 'view', label: p.view, onClick: () => void agreementUrl(a.id).then(setView, () => undefined), testId: 'protocol-view' }]}
          />
        )}
      </section>
      <Dialog open={view !== null} onOpenChange={(_, d) => !d.open && setView(null)}>
        <DialogSurface style={{ maxWidth: '90vw', width: '960px' }}>
          <DialogBody>
            <DialogTitle>{view?.file_name}</DialogTitle>
            <DialogContent>
              {view && <iframe title={view.file_name} src={view.url} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="protocol-pdf" />}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setView(null)}>{p.close}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
