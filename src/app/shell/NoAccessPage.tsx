import { routePerms } from '../route-perms';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { NoAccess } from '../shared/ui/Gated';

/** A page the user's roles may not read (route-perms.ts): who may see it and whom to ask. */
export default function NoAccessPage() {
  const { name } = useCurrentRoute();
  const perm = routePerms[name];
  return perm ? <NoAccess perm={perm} /> : null;
}
