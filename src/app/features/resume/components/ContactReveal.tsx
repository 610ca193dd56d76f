import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { tPrivacy } from '../../../shared/i18n/zh-CN.privacy';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, session } from '../../../shared/session';
import { revealContact } from '../api';

const useStyles = makeStyles({
  row: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The candidate's mobile for a member company: masked until 查看联系方式. The first opening by
 * the company costs check_info CRC, so the cost and the balance are shown before (domain.md §0.4);
 * an unlocked candidate opens without asking. Every opening is audited on the server.
 */
export function ContactReveal({ id, masked, unlocked, cost }: { id: number; masked: string; unlocked: boolean; cost: number }) {
  const s = useStyles();
  const { member } = useSnapshot(session);
  const [mobile, setMobile] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const r = await revealContact(id);
      setMobile(r.data.mobile);
      setAsking(false);
      if (r.data.charged > 0) {
        toastSuccess(r.msg);
        void refreshSession();
      }
    } catch {
      // the server's message was shown (e.g. CRC积分不足)
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };
  if (mobile) return <span data-testid="resume-mobile">{mobile}</span>;
  const free = unlocked || cost <= 0;
  return (
    <span className={s.row}>
      <span data-testid="resume-mobile">{masked}</span>
      <LockClosedRegular aria-hidden />
      <Link data-testid="resume-reveal" disabled={busy} onClick={() => (free ? void open() : setAsking(true))}>
        {tPrivacy.reveal.action}
      </Link>
      <Text size={200} className={s.muted}>
        {free ? tPrivacy.reveal.unlocked : tPrivacy.reveal.hint(cost)}
      </Text>
      <Dialog open={asking} onOpenChange={(_, d) => !d.open && setAsking(false)}>
        <DialogSurface aria-label={tPrivacy.reveal.confirmTitle} data-testid="reveal-confirm">
          <DialogBody>
            <DialogTitle>{tPrivacy.reveal.confirmTitle}</DialogTitle>
            <DialogContent className={s.lines}>
              <Text>{tPrivacy.reveal.confirm(cost)}</Text>
              {member && <Text className={s.muted}>{tPrivacy.reveal.balance(member.crc)}</Text>}
              <Text size={200} className={s.muted}>
                {tPrivacy.reveal.note}
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setAsking(false)}>
                {tPrivacy.reveal.cancel}
              </Button>
              <Button appearance="primary" icon={<EyeRegular />} disabled={busy} onClick={() => void open()}>
                {tPrivacy.reveal.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </span>
  );
}
