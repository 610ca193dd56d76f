import { Suspense, useCallback, useEffect, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import { SIGN_STATUS, WORK_STATUS } from '../../../../contract/employment-rules';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { lazyChunk } from '../../../shared/lib/chunks';
import { EmptyState } from '../../../shared/ui';
import { inviteView } from '../api';
import { statusLabel as label } from '../lib/status';
import { RealnameStep } from './RealnameStep';
import { Records } from './Records';
import { SignStep } from './SignStep';
import { SigningStep } from './SigningStep';
import { StateCard } from './StateCard';
import { TaskSummary } from './TaskSummary';
import { VerifyStep } from './VerifyStep';
import { usePhoneStyles } from './styles';

// 提交交付 with its photos loads the upload engine's client: a chunk of its own, at that step only
const DeliverStep = lazyChunk(() => import('./DeliverStep').then((m) => ({ default: m.DeliverStep })));

/** Steps after which the worker has an agreement or payouts to look back at. */
const LOOK_BACK = new Set(['deliver', 'delivered', 'accepted', 'closed']);

/**
 * /m/flex/w/:token — the worker's invitation (the link HR's SMS carries): the task, then the one
 * step the server says is next — 短信验证, 实名认证, 签署协议 (at e签宝: 签署确认中 until its result
 * is known), 提交交付 — or where things stand;
 * after signing, the worker's own agreement and 发放记录.
 */
export function InvitePage({ token }: { token: string }) {
  const s = usePhoneStyles();
  const [view, setView] = useState<InviteData | null>(null);
  const [invalid, setInvalid] = useState(false);
  const reload = useCallback(
    () =>
      inviteView(token).then(
        (v) => setView(v),
        () => setInvalid(true),
      ),
    [token],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  if (invalid) return <EmptyState text={tWorker.invite.invalid} description={tWorker.invite.invalidNote} />;
  if (!view) return <Spinner label={tWorker.loading} />;
  // a refused step (a session that ran out, a newer agreement) shows the page as it now stands
  const fail = () => void reload();
  const step = view.step;
  return (
    <div className={s.root} data-testid={`flex-page-${step}`}>
      <TaskSummary
        task={view.task}
        extra={[
          ...(view.need_sign ? [{ label: tWorker.signStatus, value: label(SIGN_STATUS, view.sign_status), testId: 'flex-sign' }] : []),
          { label: tWorker.workStatus, value: label(WORK_STATUS, view.work_status), testId: 'flex-work' },
        ]}
      />
      {step === 'verify' && <VerifyStep token={token} mobileMask={view.mobile_mask} onDone={setView} />}
      {step === 'realname' && <RealnameStep token={token} onDone={setView} onFail={fail} />}
      {step === 'sign' && view.agreement && (
        <SignStep token={token} agreement={view.agreement} mobileMask={view.mobile_mask} flow={view.sign_flow} onDone={setView} onFail={fail} />
      )}
      {step === 'signing' && <SigningStep token={token} note={view.sign_flow?.note ?? ''} onDone={setView} />}
      {step === 'deliver' && (
        <Suspense fallback={<Spinner label={tWorker.loading} />}>
          <DeliverStep token={token} view={view} onDone={setView} onFail={fail} />
        </Suspense>
      )}
      {step !== 'verify' && step !== 'realname' && step !== 'sign' && step !== 'signing' && step !== 'deliver' && <StateCard view={view} />}
      {view.verified && LOOK_BACK.has(step) && (view.sign_status === 'signed' || !view.need_sign) && <Records token={token} />}
    </div>
  );
}
