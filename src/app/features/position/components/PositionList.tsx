import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Spinner,
  Tab,
  TabList,
  Text,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useLocation, useSearch } from 'wouter';
import type { PositionItem } from '../../../../contract';
import { requireCompany, requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { toast } from '../../../shared/lib/notify';
import { EmptyState, ListTable, Pager } from '../../../shared/ui';
import { usePositionColumns } from './positionColumns';
import { listPositions, setPositionStatus } from '../api';
import { usePageStyles } from './styles';
import { ShareDialog } from './ShareDialog';

type Tab = 'all' | 'open' | 'review' | 'rejected' | 'closed';
const TABS: Tab[] = ['all', 'open', 'review', 'rejected', 'closed'];
type Data = Awaited<ReturnType<typeof listPositions>>;

/** 全职招聘 (/position): status tabs with counts, keywords from the breadcrumb, the company's positions. */
export function PositionList() {
  const s = usePageStyles();
  const columns = usePositionColumns();
  const search = useSearch();
  const [, navigate] = useLocation();
  const keywords = new URLSearchParams(search).get('keywords')?.trim() ?? '';
  // 首页 待办 opens this list filtered (?todo=resumes | interviews)
  const todoParam = new URLSearchParams(search).get('todo');
  const todo = todoParam === 'resumes' || todoParam === 'interviews' ? todoParam : undefined;
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [closing, setClosing] = useState<PositionItem | null>(null);
  const [sharing, setSharing] = useState<PositionItem | null>(null);
  const closeShare = useCallback(() => setSharing(null), []);
  // the list is company data: without a verified company the prompt of SPEC §6 shows instead
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => setAllowed(requireCompany()), []);

  useEffect(() => setPage(1), [keywords, tab, todo]);
  useEffect(() => {
    if (!allowed) return;
    let alive = true;
    setFailed(false);
    listPositions({ status: tab, keywords: keywords || undefined, page, todo }).then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [allowed, tab, keywords, page, reload, todo]);

  const publish = () => {
    if (requireMember()) navigate('/position/post');
  };
  const change = async (p: PositionItem, action: 'close' | 'reopen') => {
    if (action === 'reopen' && !requireMember()) return;
    try {
      const { msg } = await setPositionStatus(p.id, action);
      toast('success', msg);
      setReload((n) => n + 1);
    } catch {
      // shown by the request layer
    }
  };

  const head = (
    <div className={s.head}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as Tab)} aria-label={tRecruit.position.title}>
        {TABS.map((k) => (
          <Tab key={k} value={k} data-testid={`position-tab-${k}`}>
            {tRecruit.position.tabs[k]}
            {data ? `(${data.counts[k]})` : ''}
          </Tab>
        ))}
      </TabList>
      <Button appearance="primary" icon={<AddRegular />} onClick={publish} data-testid="position-publish">
        {tRecruit.position.publish}
      </Button>
    </div>
  );

  if (allowed === false)
    return (
      <section className={s.panel}>
        <EmptyState text={tRecruit.position.empty} description={t.home.companyHint.no_apply} />
      </section>
    );

  return (
    <div className={s.root}>
      <section className={s.panel}>
        {head}
        {keywords && <Text className={s.muted}>{tRecruit.position.searchHint(keywords)}</Text>}
        {todo && (
          <Text className={s.muted} data-testid="position-todo-hint">
            {tRecruit.position.todoHint[todo]} · <Link onClick={() => navigate('/position')}>{tRecruit.position.showAll}</Link>
          </Text>
        )}
        {failed ? (
          <EmptyState text={tRecruit.position.loadFailed} action={<Button onClick={() => setReload((n) => n + 1)}>{tRecruit.position.retry}</Button>} />
        ) : !data ? (
          <div className={s.center}>
            <Spinner label={t.state.loadingOverlay} />
          </div>
        ) : data.list.length === 0 ? (
          <EmptyState
            text={tRecruit.position.empty}
            description={tRecruit.position.emptyHint}
            action={
              <Button appearance="primary" onClick={publish}>
                {tRecruit.position.publish}
              </Button>
            }
          />
        ) : (
          <>
            <ListTable
              label={tRecruit.position.title}
              testId="position-table"
              columns={columns}
              items={data.list}
              rowKey={(p) => p.id}
              rowProps={() => ({ 'data-testid': 'position-row' })}
              actions={(p) => [
                { key: 'edit', label: tRecruit.position.edit, onClick: () => requireMember() && navigate(`/position/post?id=${p.id}`) },
                p.status === 'closed'
                  ? { key: 'reopen', label: tRecruit.position.reopen, onClick: () => void change(p, 'reopen') }
                  : { key: 'close', label: tRecruit.position.close, onClick: () => setClosing(p) },
                { key: 'share', label: tRecruit.position.share, onClick: () => setSharing(p), testId: 'position-share' },
              ]}
            />
            <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
          </>
        )}
      </section>
      <ShareDialog position={sharing} onClose={closeShare} />
      <Dialog open={closing !== null} onOpenChange={(_, d) => !d.open && setClosing(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tRecruit.position.confirmTitle}</DialogTitle>
            <DialogContent>{tRecruit.position.confirmClose}</DialogContent>
            <DialogActions>
              <Button onClick={() => setClosing(null)}>{tRecruit.position.cancel}</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  const p = closing;
                  setClosing(null);
                  if (p) void change(p, 'close');
                }}
              >
                {tRecruit.position.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
