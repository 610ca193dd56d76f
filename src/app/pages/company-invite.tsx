import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearch } from 'wouter';
import { CompanyInvite } from '../features/account';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
});

/** /company/invite: the colleague invitation link and QR; ?code= applies to join the company. */
export default function CompanyInvitePage() {
  const s = useStyles();
  const code = new URLSearchParams(useSearch()).get('code');
  return (
    <div className={s.page}>
      <CompanyInvite code={code} />
    </div>
  );
}
