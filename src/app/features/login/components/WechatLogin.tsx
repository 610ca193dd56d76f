import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { tLogin as tAccounts } from '../../../shared/i18n/zh-CN.login';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, signIn } from '../../../shared/session';
import { QrCode, QR_SIZE } from '../../../shared/ui';
import { wechatQr, wechatStatus } from '../api';
import { POLL_MS, saveBindTicket } from '../lib/wechat';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, textAlign: 'center' },
  frame: {
    position: 'relative',
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  cover: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    borderRadius: tokens.borderRadiusMedium,
  },
  ok: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeHero800 },
  placeholder: { width: `${QR_SIZE}px`, height: `${QR_SIZE}px` },
  muted: { color: tokens.colorNeutralForeground3 },
  // a plain anchor styled as Fluent's Link: keeps the Link chunk out of /login's first paint
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
});

type Status = 'loading' | 'waiting' | 'scanned' | 'expired' | 'cancelled';

/**
 * 微信扫码登录: shows the QR (its ticket is for the phone) and asks every 2 s, with the page's own
 * poll secret in a POST body, whether the phone confirmed; a known
 * WeChat account is logged in at once, a new one goes to /bind to add a mobile.
 */
export function WechatLogin({ onSuccess }: { onSuccess: () => void }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const [qr, setQr] = useState<{ pollSecret: string; url: string } | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const done = useRef(false);

  const fresh = useCallback(async () => {
    setStatus('loading');
    setQr(null);
    try {
      const d = await wechatQr();
      setQr({ pollSecret: d.poll_secret, url: d.qr_url });
      setStatus('waiting');
    } catch {
      setStatus('expired');
    }
  }, []);

  useEffect(() => {
    void fresh();
  }, [fresh]);

  useEffect(() => {
    if (!qr || (status !== 'waiting' && status !== 'scanned')) return;
    let live = true;
    const timer = setInterval(async () => {
      try {
        const d = await wechatStatus(qr.pollSecret);
        if (!live || done.current) return;
        if (d.status === 'confirmed' && d.token && d.user) {
          done.current = true;
          signIn(d.token, d.user);
          await refreshSession();
          toastSuccess(t.login.success);
          onSuccess();
        } else if (d.status === 'confirmed' && d.need_bind) {
          done.current = true;
          saveBindTicket({ pollSecret: qr.pollSecret, nickname: d.nickname ?? '' });
          navigate('/bind');
        } else if (d.status !== 'confirmed') {
          setStatus(d.status);
        }
      } catch {
        // a missed poll is retried on the next tick
      }
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [qr, status, onSuccess, navigate]);

  const stale = status === 'expired' || status === 'cancelled';
  return (
    <div className={s.root} data-testid="wechat-login" data-status={status}>
      <Text weight="semibold" size={400}>
        {status === 'scanned'
          ? tAccounts.wechat.scanned
          : stale
            ? status === 'expired'
              ? tAccounts.wechat.expired
              : tAccounts.wechat.cancelled
            : tAccounts.wechat.scan}
      </Text>
      <div className={s.frame}>
        {qr ? <QrCode value={qr.url} alt={tAccounts.wechat.qrAlt} testId="wechat-qr" /> : <div className={s.placeholder} />}
        {(status === 'scanned' || stale) && (
          <div className={s.cover}>
            {status === 'scanned' ? (
              <CheckmarkCircleFilled className={s.ok} aria-hidden />
            ) : (
              <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={fresh}>
                {tAccounts.wechat.refresh}
              </Button>
            )}
          </div>
        )}
      </div>
      <Text size={200} className={s.muted}>
        {tAccounts.wechat.hint}
      </Text>
      {qr && !stale && (
        <a className={s.link} href={qr.url} target="_blank" rel="noopener">
          {tAccounts.wechat.phoneLink}
        </a>
      )}
    </div>
  );
}
