import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation, useSearch } from 'wouter';
import { LoginBrandPanel, LoginForm } from '../features/login';
import { safeRedirect } from '../shared/lib/guards';
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

/** /login: brand panel + 企业登录; after signing in, back to ?redirect= (inside the console only). */
export default function LoginPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const search = useSearch();
  return (
    <div className={s.page}>
      <div className={s.card}>
        <LoginBrandPanel className={s.brand} />
        <div className={s.form}>
          <LoginForm
            onSuccess={() => navigate(safeRedirect(new URLSearchParams(search).get('redirect')), { replace: true })}
          />
        </div>
      </div>
    </div>
  );
}
