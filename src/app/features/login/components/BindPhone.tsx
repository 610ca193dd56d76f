import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { refreshSession, signIn } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { wechatBind } from '../api';
import { clearBindTicket, readBindTicket } from '../lib/wechat';
import { LoginForm } from './LoginForm';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/** /bind: a first WeChat login adds a mobile (mobile + SMS code). */
export function BindPhone({ onSuccess }: { onSuccess: () => void }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const bind = readBindTicket();
  if (!bind) {
    return (
      <EmptyState
        text={t.bind.noTicket}
        action={
          <Button appearance="primary" onClick={() => navigate('/login')}>
            {t.bind.backLogin}
          </Button>
        }
      />
    );
  }
  return (
    <div className={s.root}>
      <LoginForm
        onSuccess={onSuccess}
        variant={{
          title: t.bind.title,
          subtitle: bind.nickname ? t.bind.intro(bind.nickname) : t.bind.introPlain,
          submit: t.bind.submit,
          submitting: t.bind.binding,
          success: t.bind.success,
          action: async (mobile, code) => {
            const d = await wechatBind(bind.ticket, mobile, code);
            if (!d.token || !d.user) throw new Error('bind answered without a token');
            clearBindTicket();
            signIn(d.token, d.user);
            await refreshSession();
          },
        }}
      />
    </div>
  );
}
