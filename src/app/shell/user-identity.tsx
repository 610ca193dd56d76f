import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { Member, User } from '../../contract';
import { maskMobile, nameInitials } from '../shared/lib/format';

/** The name the console shows for the signed-in user: real name, else the member name, else the masked mobile. */
export const displayName = (user: User, member: Pick<Member, 'name'> | null | undefined): string => user.realname || member?.name || maskMobile(user.mobile);

// Fluent's Avatar look (brand colour, initials or the photo in a circle) without its 9 KB of
// presence badges, shapes and colour palettes: the layout paints it on every page (issue 17)
const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    overflow: 'hidden',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackgroundStatic,
    fontWeight: tokens.fontWeightSemibold,
    userSelect: 'none',
  },
  s28: { width: '28px', height: '28px', fontSize: tokens.fontSizeBase200 },
  s48: { width: '48px', height: '48px', fontSize: tokens.fontSizeBase400 },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

export function UserAvatar({ user, name, size }: { user: User; name: string; size: 28 | 48 }) {
  const s = useStyles();
  return (
    <span role="img" aria-label={name} className={mergeClasses(s.root, size === 28 ? s.s28 : s.s48)}>
      {user.avatar ? <img src={user.avatar} alt="" className={s.image} /> : <span aria-hidden="true">{nameInitials(name)}</span>}
    </span>
  );
}
