import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { BindPhone, LoginFrame } from '../features/login';

const useStyles = makeStyles({
  form: { padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXXL}`, alignSelf: 'center' },
});

/** /bind: after a first WeChat scan, bind a mobile number. */
export default function BindPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  return (
    <LoginFrame formClassName={s.form}>
      <BindPhone onSuccess={() => navigate('/index', { replace: true })} />
    </LoginFrame>
  );
}
