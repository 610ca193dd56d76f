import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { tLogin as tAccounts } from '../../../shared/i18n/zh-CN.login';
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
        text={tAccounts.bind.noTicket}
        action={
          <Button appearance="primary" onClick={() => navigate('/login')}>
            {tAccounts.bind.backLogin}
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
          title: tAccounts.bind.title,
          subtitle: bind.nickname ? tAccounts.bind.intro(bind.nickname) : tAccounts.bind.introPlain,
          submit: tAccounts.bind.submit,
          submitting: tAccounts.bind.binding,
          success: tAccounts.bind.success,
          action: async (mobile, code) => {
            const d = await wechatBind(bind.pollSecret, mobile, code);
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
