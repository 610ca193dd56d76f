import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Tab, TabList, Text } from '@fluentui/react-components';
import { QrCodeRegular } from '@fluentui/react-icons';
import { useSearch } from 'wouter';
import { requireMember } from '../../../shared/dialogs/store';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { refreshUrge } from '../../../shared/session/actions';
import { lazyChunk } from '../../../shared/lib/chunks';
import { pokeMessages } from '../../../shared/lib/messages-poke';
import { afterFirstPaint } from '../../../shared/lib/painted';
import { EmptyState, LogoLoader } from '../../../shared/ui';
import type { ProofFormTarget } from './ProofFormDialog';
import { RequestsTab } from './RequestsTab';
import { usePageStyles } from './styles';

// the first tab paints with the page; the other tabs and the dialogs load when opened
// (issue 17: the route's cold cost ≤ 60 KB)
const ProofsTab = lazyChunk(() => import('./ProofsTab').then((m) => ({ default: m.ProofsTab })));
const RecordsTab = lazyChunk(() => import('./RecordsTab').then((m) => ({ default: m.RecordsTab })));
const QrDialog = lazyChunk(() => import('./QrDialog').then((m) => ({ default: m.QrDialog })));
const ProofFormDialog = lazyChunk(() => import('./ProofFormDialog').then((m) => ({ default: m.ProofFormDialog })));
const PreviewDialog = lazyChunk(() => import('./PreviewDialog').then((m) => ({ default: m.PreviewDialog })));
// fetched once the page has painted and the browser is idle, so switching tabs does not wait
const prefetchTabs = () => {
  void import('./ProofsTab').catch(() => {});
  void import('./RecordsTab').catch(() => {});
};

type TabKey = 'requests' | 'proofs' | 'records';
const TABS: TabKey[] = ['requests', 'proofs', 'records'];

/** /dimission — 离职办理: 离职申请 · 离职证明 · 离职记录, the breadcrumb's keywords (name or mobile). */
export function DimissionPage() {
  const s = usePageStyles();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const keywords = params.get('keywords')?.trim() ?? '';
  const [tab, setTab] = useState<TabKey>(() => (TABS.includes(params.get('tab') as TabKey) ? (params.get('tab') as TabKey) : 'requests'));
  // a paid feature (SPEC §6): the role prompt before anything is shown
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => afterFirstPaint(prefetchTabs), []);
  const [qr, setQr] = useState(false);
  const [form, setForm] = useState<ProofFormTarget>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  const closeForm = useCallback(() => setForm(null), []);
  const closePreview = useCallback(() => setPreview(null), []);
  // a request submitted by scanning shows at once when the QR is put away
  const closeQr = useCallback(() => {
    setQr(false);
    setVersion((n) => n + 1);
    void refreshUrge().catch(() => {});
    pokeMessages();
  }, []);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState
          text={tDim.title}
          description={tDim.gateHint}
          action={
            <Button appearance="primary" onClick={() => setAllowed(requireMember())}>
              {tDim.title}
            </Button>
          }
        />
      </section>
    );
  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabKey)} aria-label={tDim.title}>
            {TABS.map((k) => (
              <Tab key={k} value={k} data-testid={`dim-tab-${k}`}>
                {tDim.tabs[k]}
              </Tab>
            ))}
          </TabList>
          <Button appearance="primary" icon={<QrCodeRegular />} onClick={() => setQr(true)} data-testid="dim-qr">
            {tDim.qrButton}
          </Button>
        </div>
        {keywords && <Text className={s.muted}>{tDim.searchHint(keywords)}</Text>}
        {tab === 'requests' && <RequestsTab initialStatus={params.get('status')} keywords={keywords} version={version} onChanged={changed} />}
        {/* keyed: a tab that suspends must not leave the previous tab mounted under it */}
        <Suspense key={tab} fallback={<LogoLoader />}>
          {tab === 'proofs' && (
            <ProofsTab
              initialStatus={params.get('status')}
              keywords={keywords}
              version={version}
              onAdd={() => setForm('manual')}
              onPreview={setPreview}
              onEdit={setForm}
              onChanged={changed}
            />
          )}
          {tab === 'records' && <RecordsTab keywords={keywords} version={version} onPreview={setPreview} onEdit={setForm} onChanged={changed} />}
        </Suspense>
      </section>
      <Suspense fallback={null}>{qr && <QrDialog open onClose={closeQr} />}</Suspense>
      <Suspense fallback={null}>
        {form !== null && (
          <ProofFormDialog
            target={form}
            onClose={closeForm}
            onSaved={(id) => {
              setForm(null);
              changed();
              setPreview(id);
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {preview !== null && (
          <PreviewDialog
            id={preview}
            onClose={closePreview}
            onEdit={(id) => {
              setPreview(null);
              setForm(id);
            }}
            onChanged={changed}
          />
        )}
      </Suspense>
    </div>
  );
}
