import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, DismissCircleFilled, HourglassHalfRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { CompanyApplication } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { maskMobile } from '../../../shared/lib/format';
import { refreshSession } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { EmptyState } from '../../../shared/ui';
import { getApplication } from '../api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  steps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  step: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke2}`,
  },
  stepDone: { borderTopColor: tokens.colorBrandStroke1 },
  stepFail: { borderTopColor: tokens.colorPaletteRedBorder2 },
  stepIcon: { fontSize: tokens.fontSizeBase500, flexShrink: 0 },
  done: { color: tokens.colorBrandForeground1 },
  doing: { color: tokens.colorPaletteMarigoldForeground2 },
  fail: { color: tokens.colorPaletteRedForeground1 },
  todo: { color: tokens.colorNeutralForeground4 },
  stepText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    [media.phone]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' },
  },
  label: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

type StepState = 'done' | 'doing' | 'fail' | 'todo';

/** /inReview (domain.md §2.13): 提交资料 → 平台审核 → 审核结果, the submitted file, the platform's answer. */
export function ReviewProgress() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const [app, setApp] = useState<CompanyApplication | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const r = tAccounts.review;

  const load = useCallback(async () => {
    setBusy(true);
    try {
      await refreshSession();
      setApp((await getApplication()).company);
    } catch {
      setApp((a) => a ?? null);
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (app === undefined) return <Spinner label={t.state.loading} />;
  if (app === null) {
    return (
      <Card className={s.card}>
        <EmptyState
          text={r.none}
          action={
            <Button appearance="primary" onClick={() => navigate('/create')}>
              {r.goCreate}
            </Button>
          }
        />
      </Card>
    );
  }

  if (app.member_pending) {
    return (
      <Card className={s.card} data-testid="review-progress">
        <div className={s.head}>
          <Text size={500} weight="semibold">
            {app.company_name}
          </Text>
          <Badge appearance="tint" color="warning">
            {r.status.apply}
          </Badge>
        </div>
        <Text>{r.pendingMember}</Text>
        <div className={s.actions}>
          <Button onClick={load} disabled={busy}>
            {r.refresh}
          </Button>
        </div>
      </Card>
    );
  }

  const states: StepState[] =
    app.status === 'normal' ? ['done', 'done', 'done'] : app.status === 'reject' ? ['done', 'done', 'fail'] : ['done', 'doing', 'todo'];
  const stepSub = [app.submitted_at ?? '', app.status === 'apply' ? r.expect : (app.reviewed_at ?? ''), app.status === 'apply' ? '' : r.status[app.status]];
  const icon = (st: StepState) =>
    st === 'done' ? (
      <CheckmarkCircleFilled className={mergeClasses(s.stepIcon, s.done)} />
    ) : st === 'doing' ? (
      <HourglassHalfRegular className={mergeClasses(s.stepIcon, s.doing)} />
    ) : st === 'fail' ? (
      <DismissCircleFilled className={mergeClasses(s.stepIcon, s.fail)} />
    ) : (
      <CircleRegular className={mergeClasses(s.stepIcon, s.todo)} />
    );
  const row = (label: string, value: string) => (
    <>
      <Text className={s.label}>{label}</Text>
      <Text>{value || '—'}</Text>
    </>
  );
  const f = tAccounts.companyForm.fields;

  return (
    <div className={s.root} data-testid="review-progress">
      <Card className={s.card}>
        <div className={s.head}>
          <Text size={500} weight="semibold">
            {app.company_name}
          </Text>
          <Badge appearance="filled" color={app.status === 'normal' ? 'success' : app.status === 'reject' ? 'danger' : 'warning'} data-testid="review-status">
            {r.status[app.status]}
          </Badge>
        </div>
        <ol className={s.steps} aria-label={r.title}>
          {r.steps.map((name, i) => (
            <li key={name} className={mergeClasses(s.step, states[i] === 'done' && s.stepDone, states[i] === 'fail' && s.stepFail)}>
              {icon(states[i]!)}
              <span className={s.stepText}>
                <Text weight="semibold">{name}</Text>
                <Text size={200} className={s.muted}>
                  {stepSub[i]}
                </Text>
              </span>
            </li>
          ))}
        </ol>
        {app.status === 'apply' && (
          <MessageBar intent="info">
            <MessageBarBody>{r.applyBody}</MessageBarBody>
          </MessageBar>
        )}
        {app.status === 'reject' && (
          <MessageBar intent="error" data-testid="reject-reason">
            <MessageBarBody>
              <MessageBarTitle>{r.rejectBody}</MessageBarTitle>
              {r.reason}：{app.reject_reason}
            </MessageBarBody>
          </MessageBar>
        )}
        {app.status === 'normal' && (
          <MessageBar intent="success">
            <MessageBarBody>{r.passBody}</MessageBarBody>
          </MessageBar>
        )}
        <div className={s.actions}>
          {app.status === 'reject' && app.is_applicant && (
            <Button appearance="primary" onClick={() => navigate('/auth')}>
              {r.resubmit}
            </Button>
          )}
          {app.status === 'normal' && (
            <Button appearance="primary" onClick={() => navigate('/account')}>
              {r.goAccount}
            </Button>
          )}
          {app.status === 'apply' && (
            <Button onClick={load} disabled={busy}>
              {r.refresh}
            </Button>
          )}
          <Button appearance="secondary" onClick={() => navigate('/index')}>
            {r.goHome}
          </Button>
        </div>
        <Text size={200} className={s.muted}>
          {r.contact(t.footer.hotlineNumber)}
        </Text>
      </Card>
      <Card className={s.card}>
        <Text weight="semibold">{r.summary}</Text>
        <div className={s.summary}>
          {row(f.creditcode, app.creditcode)}
          {row(f.industry, app.industry)}
          {row(f.staff_num_range, app.staff_num_range)}
          {row(f.represent, app.represent)}
          {row(f.contact_name, app.contact_name)}
          {row(f.contact_mobile, maskMobile(app.contact_mobile))}
          {row(f.address, app.address)}
          {row(f.license, app.license_id ? tAccounts.companyForm.licenseDone : '')}
        </div>
      </Card>
    </div>
  );
}
