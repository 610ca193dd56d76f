import { useEffect, useState } from 'react';
import { Badge, Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { toastSuccess } from '../../../shared/lib/notify';
import { session } from '../../../shared/session';
import { sizes } from '../../../shared/theme';
import { EmptyState, ListTable, type Column } from '../../../shared/ui';
import { acceptInvite, inviterOf, myInvite } from '../api';
import { InviteLink } from './InviteLink';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalL, maxWidth: sizes.contentMax, width: '100%', boxSizing: 'border-box' },
  narrow: { maxWidth: sizes.loginCard },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Mine = Awaited<ReturnType<typeof myInvite>>;
type Friend = Mine['list'][number];

/** 邀请记录's columns: the mobile gives way to the row's 详情 on a narrow screen. */
function friendColumns(): Column<Friend>[] {
  const f = tAccounts.friends;
  return [
    { key: 'name', header: f.cols.name, cell: (x) => x.realname || f.noName, nowrap: true },
    { key: 'mobile', header: f.cols.mobile, cell: (x) => x.mobile, nowrap: true, priority: 'secondary' },
    { key: 'time', header: f.cols.time, cell: (x) => x.invited_at, nowrap: true },
    {
      key: 'status',
      header: f.cols.status,
      nowrap: true,
      cell: (x) => (
        <Badge appearance="tint" color={x.company_status === 'normal' ? 'success' : 'informative'}>
          {f.status[x.company_status as keyof typeof f.status] ?? f.status.no_apply}
        </Badge>
      ),
    },
  ];
}

function Mine() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { loggedIn } = useSnapshot(session);
  const [data, setData] = useState<Mine | null | undefined>(undefined);
  const f = tAccounts.friends;
  useEffect(() => {
    if (!loggedIn) return setData(null);
    myInvite().then(setData, () => setData(null));
  }, [loggedIn]);
  if (!loggedIn) {
    return (
      <EmptyState
        text={f.loginFirst}
        action={
          <Button appearance="primary" onClick={() => navigate('/login?redirect=%2Finvite')}>
            {f.goLogin}
          </Button>
        }
      />
    );
  }
  if (data === undefined) return <Spinner label={t.state.loading} />;
  if (data === null) return <EmptyState />;
  return (
    <Card className={s.card} data-testid="friends-invite">
      <Text as="h1" size={600} weight="semibold">
        {f.title}
      </Text>
      <Text className={s.muted}>{f.intro}</Text>
      <InviteLink label={f.link} url={`${location.origin}/invite?code=${data.code}`} qrCaption={f.qr} />
      <Text weight="semibold">{f.records}</Text>
      {data.list.length === 0 ? (
        <EmptyState compact />
      ) : (
        <ListTable
          label={f.records}
          size="small"
          minWidth="560px"
          narrowBelow={560}
          columns={friendColumns()}
          items={data.list}
          rowKey={(x) => `${x.mobile}-${x.invited_at}`}
        />
      )}
    </Card>
  );
}

function Invited({ code }: { code: string }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { loggedIn } = useSnapshot(session);
  const [inviter, setInviter] = useState<string | null | undefined>(undefined);
  const [accepted, setAccepted] = useState(false);
  const f = tAccounts.friends;
  useEffect(() => {
    inviterOf(code).then(
      (d) => setInviter(d.inviter),
      () => setInviter(null),
    );
  }, [code]);
  if (inviter === undefined) return <Spinner label={t.state.loading} />;
  if (inviter === null) return <EmptyState text={f.invalid} />;
  const accept = async () => {
    try {
      const { msg } = await acceptInvite(code);
      toastSuccess(msg || f.accepted);
      setAccepted(true);
    } catch {
      // told (e.g. 您已接受过好友邀请)
    }
  };
  return (
    <Card className={`${s.card} ${s.narrow}`} data-testid="friends-invited">
      <Text as="h1" size={500} weight="semibold">
        {f.invitedBy(inviter)}
      </Text>
      <Text className={s.muted}>{t.login.brandTagline}</Text>
      {accepted ? (
        <>
          <Text>{f.accepted}</Text>
          <Button appearance="primary" onClick={() => navigate('/index')}>
            {f.goHome}
          </Button>
        </>
      ) : loggedIn ? (
        <Button appearance="primary" onClick={accept}>
          {f.accept}
        </Button>
      ) : (
        <Button appearance="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/invite?code=${code}`)}`)}>
          {f.join}
        </Button>
      )}
    </Card>
  );
}

/** /invite: my invitation link, QR and who joined; with ?code= the invited side. */
export function FriendsInvite({ code }: { code: string | null }) {
  return code ? <Invited code={code} /> : <Mine />;
}
