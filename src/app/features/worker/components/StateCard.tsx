import { mergeClasses, Text } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ClockRegular, InfoRegular } from '@fluentui/react-icons';
import { yuanText } from '../../../../contract/money';
import { settleModeLabel } from '../../../../contract/employment-rules';
import type { InviteData, WorkerStep } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { PhotoThumbs } from './PhotoThumbs';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;
type Kind = 'ok' | 'wait' | 'info';
const KIND: Partial<Record<WorkerStep, Kind>> = {
  wait_hire: 'wait',
  no_agreement: 'wait',
  delivered: 'wait',
  accepted: 'ok',
  refused: 'info',
  expired: 'info',
  closed: 'info',
};

/** A step with nothing to do on this page: where things stand. */
export function StateCard({ view }: { view: InviteData }) {
  const s = usePhoneStyles();
  const kind = KIND[view.step] ?? 'info';
  const Icon = kind === 'ok' ? CheckmarkCircleRegular : kind === 'wait' ? ClockRegular : InfoRegular;
  const text: Partial<Record<WorkerStep, string>> = {
    wait_hire: T.waitHire,
    no_agreement: T.noAgreement,
    delivered: T.delivered,
    accepted: T.accepted(yuanText(view.amount)),
    refused: T.refused,
    expired: T.expired,
    closed: T.closed,
  };
  return (
    <section className={mergeClasses(s.card, s.state)} data-testid={`flex-step-${view.step}`}>
      <Icon className={kind === 'ok' ? s.ok : s.muted} aria-hidden />
      <Text weight="semibold">{text[view.step] ?? T.closed}</Text>
      {view.step === 'accepted' && <Text className={s.note}>{`${tWorker.settle} ${settleModeLabel(view.task.settle_mode)}`}</Text>}
      {(view.step === 'delivered' || view.step === 'accepted') && view.delivery_note && <Text className={s.note}>{T.yourNote(view.delivery_note)}</Text>}
      {(view.step === 'delivered' || view.step === 'accepted') && <PhotoThumbs photos={view.delivery_photos} />}
    </section>
  );
}
