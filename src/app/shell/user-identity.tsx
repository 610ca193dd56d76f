import { Avatar } from '@fluentui/react-components';
import type { Member, User } from '../../contract';
import { maskMobile, nameInitials } from '../shared/lib/format';

/** The name the console shows for the signed-in user: real name, else the member name, else the masked mobile. */
export const displayName = (user: User, member: Member | null | undefined): string =>
  user.realname || member?.name || maskMobile(user.mobile);

export function UserAvatar({ user, name, size }: { user: User; name: string; size: 28 | 48 }) {
  return (
    <Avatar
      size={size}
      name={name}
      initials={nameInitials(name)}
      image={user.avatar ? { src: user.avatar, alt: '' } : undefined}
      color="brand"
    />
  );
}
