import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { BindPhone, LoginBrandPanel } from '../features/login';
import { media, sizes } from '../shared/theme';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
  card: {
    display: 'grid',
    gridTemplateColumns: `${sizes.loginBrand} ${sizes.loginCard}`,
    borderRadius: tokens.borderRadiusXLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    [media.narrow]: { gridTemplateColumns: `minmax(0, ${sizes.loginCard})` },
  },
  brand: { [media.narrow]: { display: 'none' } },
  form: { padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXXL}`, alignSelf: 'center' },
});

/** /bind: after a first WeChat scan, bind a mobile number. */
export default function BindPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  return (
    <div className={s.page}>
      <div className={s.card}>
        <LoginBrandPanel className={s.brand} />
        <div className={s.form}>
          <BindPhone onSuccess={() => navigate('/index', { replace: true })} />
        </div>
      </div>
    </div>
  );
}
