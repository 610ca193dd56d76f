import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
// types only: the contract's schemas (zod) stay out of this chunk
import type { DepartureAction, RetentionData } from '../../../../contract/retention';
import { t } from '../../../shared/i18n/zh-CN';
import { tPrivacy } from '../../../shared/i18n/zh-CN.privacy';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, TableScroll } from '../../../shared/ui';
import { loadRetention, saveRetention } from '../api';

/** contract/retention DEPARTURE_ACTIONS, in the order shown */
const ACTIONS: readonly DepartureAction[] = ['anonymise', 'purge'];

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  rules: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  option: { display: 'flex', flexDirection: 'column' },
  hint: { color: tokens.colorNeutralForeground3, paddingLeft: tokens.spacingHorizontalXXL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/**
 * /account?id=privacy (administrators): what is kept how long, the company's choice for departure
 * records past their 2 years (匿名化 or 删除, asked again before it changes) and the company's
 * purge history (counts only). The server refuses anyone but the admin either way.
 */
export function RetentionPanel() {
  const s = useStyles();
  const r = tPrivacy.retention;
  const [data, setData] = useState<RetentionData | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<DepartureAction>('anonymise');
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    loadRetention().then(
      (d) => {
        if (!live) return;
        setData(d);
        setChoice(d.departure_action);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const save = async () => {
    setSaving(true);
    try {
      const { data: d, msg } = await saveRetention(choice);
      setData(d);
      setChoice(d.departure_action);
      toastSuccess(msg);
    } catch {
      // the server's message was shown (e.g. 仅企业管理员可修改保存期限设置)
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };
  const changed = data !== null && choice !== data.departure_action;
  return (
    <section className={s.root} data-testid="retention" aria-label={r.title}>
      <Text as="h2" size={500} weight="semibold">
        {r.title}
      </Text>
      <Text size={200} className={s.muted}>
        {r.intro}
      </Text>
      <ul className={s.rules}>
        {r.rules.map((line) => (
          <li key={line}>
            <Text size={200}>{line}</Text>
          </li>
        ))}
      </ul>
      {!data ? (
        failed ? (
          <EmptyState compact text={r.loadFailed} />
        ) : (
          <Spinner size="small" label={t.state.loading} />
        )
      ) : (
        <>
          <Field label={r.settingTitle} hint={r.settingHint}>
            <RadioGroup value={choice} onChange={(_, d) => setChoice(d.value as DepartureAction)} data-testid="retention-action">
              {ACTIONS.map((a) => (
                <div key={a} className={s.option}>
                  <Radio value={a} label={r.actions[a]!.label} data-testid={`retention-action-${a}`} />
                  <Text size={200} className={s.hint}>
                    {r.actions[a]!.hint}
                  </Text>
                </div>
              ))}
            </RadioGroup>
          </Field>
          <div className={s.row}>
            <Button appearance="primary" disabled={!changed || saving} onClick={() => setAsking(true)} data-testid="retention-save">
              {r.save}
            </Button>
            <Text size={200} className={s.muted}>
              {data.updated_at ? r.changed(data.updated_by, data.updated_at) : r.byDefault}
            </Text>
          </div>
          <Text as="h3" size={400} weight="semibold">
            {r.history}
          </Text>
          {data.runs.length === 0 ? (
            <EmptyState compact text={r.historyEmpty} />
          ) : (
            <TableScroll label={r.history} minWidth={'480px'}>
              <Table size="small" aria-label={r.history}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{r.cols.time}</TableHeaderCell>
                    <TableHeaderCell>{r.cols.kind}</TableHeaderCell>
                    <TableHeaderCell>{r.cols.action}</TableHeaderCell>
                    <TableHeaderCell>{r.cols.rows}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.runs.map((x) => (
                    <TableRow key={`${x.ran_at}-${x.kind}-${x.action}`} data-testid="retention-run">
                      <TableCell>{x.ran_at}</TableCell>
                      <TableCell>{r.kinds[x.kind] ?? x.kind}</TableCell>
                      <TableCell>{r.actionNames[x.action] ?? x.action}</TableCell>
                      <TableCell>{x.rows}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
          )}
        </>
      )}
      <Dialog open={asking} onOpenChange={(_, d) => !d.open && setAsking(false)}>
        <DialogSurface aria-label={r.confirmTitle} data-testid="retention-confirm">
          <DialogBody>
            <DialogTitle>{r.confirmTitle}</DialogTitle>
            <DialogContent>
              <Text>{r.confirm[choice]}</Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setAsking(false)}>
                {r.cancel}
              </Button>
              <Button appearance="primary" disabled={saving} onClick={() => void save()} data-testid="retention-confirm-ok">
                {r.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
