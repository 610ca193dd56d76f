import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { media, sizes } from '../../../shared/theme';
import { LoginBrandPanel } from './LoginBrandPanel';

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
});

/** The card of /login and /bind: the brand panel on the left (hidden on narrow screens), the form on the right. */
export function LoginFrame({ formClassName, children }: { formClassName: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.page}>
      <div className={s.card}>
        <LoginBrandPanel className={s.brand} />
        <div className={formClassName}>{children}</div>
      </div>
    </div>
  );
}
