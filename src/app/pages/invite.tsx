import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearch } from 'wouter';
import { FriendsInvite } from '../features/account';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
});

/** /invite: invite friends (a personal link and QR, who joined); ?code= the invited side. */
export default function InvitePage() {
  const s = useStyles();
  const code = new URLSearchParams(useSearch()).get('code');
  return (
    <div className={s.page}>
      <FriendsInvite code={code} />
    </div>
  );
}
