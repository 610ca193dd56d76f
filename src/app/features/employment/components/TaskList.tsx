import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Tab,
  TabList,
  Text,
  Tooltip,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useLocation, useSearch } from 'wouter';
import { TASK_STATUS, TASK_STATUS_CODES, payUnitLabel, settleModeLabel, taskActions, type TaskAction } from '../../../../contract/employment-rules';
import { yuanText } from '../../../../contract/money';
import type { TaskItem } from '../../../../contract/employment';
import { oneOf } from '../../../../contract/vocab';
import { requireMember } from '../../../shared/dialogs/store';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { PagedTable, type Column } from '../../../shared/ui';
import { listTasks, taskAction } from '../api';
import { NotMember } from './NotMember';
import { StatusBadge } from './StatusBadge';
import { useMember } from './useMember';
import { usePageStyles } from './styles';

const TABS = ['all', ...TASK_STATUS_CODES] as const;
type TaskTab = (typeof TABS)[number];
const tabLabel = (k: string) => (k === 'all' ? tEmp.list.tabs.all : TASK_STATUS.find((s) => s.code === k)!.label);
type Data = Awaited<ReturnType<typeof listTasks>>;
const enc = encodeURIComponent;
// by use: the step that moves the task on first (管理 / 编辑 / 提交审核, then 上传协议 that signing
// needs), the rarer ones under 更多
const ROW_ACTIONS: TaskAction[] = ['manage', 'edit', 'submit', 'protocol', 'preview', 'setting', 'copy', 'end', 'cancel', 'delete'];
const C = tEmp.list.cols;

/** The list's columns: on a tablet the secondary ones go to a row's 详情. */
function useColumns(): Column<TaskItem>[] {
  const s = usePageStyles();
  return [
    { key: 'no', header: C[0], cell: (task) => task.task_no, nowrap: true, priority: 'secondary', className: s.small },
    { key: 'name', header: C[1], cell: (task) => task.name, className: s.name },
    { key: 'category', header: C[2], cell: (task) => task.category || '—', priority: 'secondary', className: s.small },
    { key: 'pay', header: C[3], cell: (task) => `${yuanText(task.pay_amount)} ${payUnitLabel(task.pay_unit)}`, nowrap: true },
    { key: 'people', header: C[4], cell: (task) => `${task.applied_num}/${task.signed_num}/${task.headcount}`, nowrap: true },
    {
      key: 'period',
      header: C[5],
      cell: (task) => (task.start_date ? tEmp.period(task.start_date, task.end_date) : '—'),
      nowrap: true,
      priority: 'secondary',
      className: s.small,
    },
    { key: 'settle', header: C[6], cell: (task) => settleModeLabel(task.settle_mode), nowrap: true, priority: 'secondary' },
    {
      key: 'status',
      header: C[7],
      nowrap: true,
      cell: (task) =>
        task.status === 'rejected' && task.reject_reason ? (
          <Tooltip content={tEmp.list.rejectReason(task.reject_reason)} relationship="description">
            <span>
              <StatusBadge kind="task" status={task.status} />
            </span>
          </Tooltip>
        ) : (
          <StatusBadge kind="task" status={task.status} />
        ),
    },
    { key: 'created', header: C[8], cell: (task) => task.created_at.slice(0, 16), nowrap: true, priority: 'secondary', className: s.small },
  ];
}

/** 灵活用工 (/employment): the company's tasks, status tabs with counts, the breadcrumb's keywords. */
export function TaskList() {
  const s = usePageStyles();
  const columns = useColumns();
  const [, navigate] = useLocation();
  const search = useSearch();
  const keywords = new URLSearchParams(search).get('keywords')?.trim() ?? '';
  // 首页 待办 opens this list filtered (?todo=unsigned | batches)
  const todoParam = new URLSearchParams(search).get('todo');
  const todo = todoParam === 'unsigned' || todoParam === 'batches' ? todoParam : undefined;
  const [tab, setTab] = useState<TaskTab>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [confirm, setConfirm] = useState<{ task: TaskItem; action: 'end' | 'cancel' | 'delete' } | null>(null);
  const allowed = useMember();
  useEffect(() => setPage(1), [keywords, tab, todo]);
  useEffect(() => {
    if (!allowed) return;
    let alive = true;
    setFailed(false);
    listTasks({ status: tab, keywords: keywords || undefined, page, todo }).then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [allowed, tab, keywords, page, reload, todo]);

  const run = async (task: TaskItem, action: 'submit' | 'end' | 'cancel' | 'delete' | 'copy') => {
    try {
      const { msg, data: d } = await taskAction(task.id, action);
      toast('success', msg);
      if (action === 'copy' && d.id) navigate(`/employment/post?id=${d.id}`);
      else setReload((n) => n + 1);
    } catch {
      // told by the request layer
    }
  };
  const act = (task: TaskItem, a: TaskAction) => {
    if (!requireMember()) return;
    switch (a) {
      case 'manage':
        return navigate(`/employment/task/${task.id}/${enc(task.name)}`);
      case 'edit':
        return navigate(`/employment/post?id=${task.id}`);
      case 'preview':
        return navigate(`/employment/preview/${task.id}`);
      case 'protocol':
        return navigate(`/employment/upload-protocol/${task.id}`);
      case 'setting':
        return navigate(`/employment/setting/${task.id}`);
      case 'end':
      case 'cancel':
      case 'delete':
        return setConfirm({ task, action: a });
      default:
        return void run(task, a as 'submit' | 'copy');
    }
  };
  const publish = () => requireMember() && navigate('/employment/post');

  if (allowed === false) return <NotMember />;

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(oneOf(TABS, String(d.value)) ?? 'all')} aria-label={tEmp.list.title}>
            {TABS.map((k) => (
              <Tab key={k} value={k} data-testid={`task-tab-${k}`}>
                {tabLabel(k)}
                {data ? `(${data.counts[k] ?? 0})` : ''}
              </Tab>
            ))}
          </TabList>
          <div className={s.row}>
            <Button onClick={() => navigate('/bulkImport/workers')}>{tEmp.list.importLink}</Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={publish} data-testid="task-publish">
              {tEmp.list.publish}
            </Button>
          </div>
        </div>
        {keywords && <Text className={s.muted}>{tEmp.list.searchHint(keywords)}</Text>}
        {todo && (
          <Text className={s.muted} data-testid="task-todo-hint">
            {tEmp.list.todoHint[todo]} · <Link onClick={() => navigate('/employment')}>{tEmp.list.showAll}</Link>
          </Text>
        )}
        <PagedTable
          label={tEmp.list.title}
          testId="task-table"
          data={data}
          failed={failed}
          failedText={tEmp.list.loadFailed}
          onRetry={() => setReload((n) => n + 1)}
          onPage={setPage}
          emptyText={tEmp.list.empty}
          emptyDescription={tEmp.list.emptyHint}
          emptyAction={
            <Button appearance="primary" onClick={publish}>
              {tEmp.list.publish}
            </Button>
          }
          columns={columns}
          rowProps={(task) => ({ 'data-testid': 'task-row', 'data-task': task.id })}
          actions={(task) =>
            ROW_ACTIONS.filter((a) => taskActions(task.status).includes(a)).map((a) => ({
              key: a,
              label: tEmp.list.actions[a],
              onClick: () => act(task, a),
              testId: `task-${a}`,
            }))
          }
        />
      </section>
      <Dialog open={confirm !== null} onOpenChange={(_, d) => !d.open && setConfirm(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tEmp.list.confirmTitle}</DialogTitle>
            <DialogContent>{confirm ? tEmp.list.confirm[confirm.action] : ''}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(null)}>{tEmp.list.no}</Button>
              <Button
                appearance="primary"
                data-testid="task-confirm"
                onClick={() => {
                  const c = confirm;
                  setConfirm(null);
                  if (c) void run(c.task, c.action);
                }}
              >
                {tEmp.list.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
