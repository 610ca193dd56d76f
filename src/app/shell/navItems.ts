import type { Member, PermRule } from '../../contract';
import { routePerms } from '../route-perms';
import { t } from '../shared/i18n/zh-CN';

export interface NavItem {
  /** the route name at the root of the breadcrumb chain of the pages it covers */
  name: string;
  label: string;
  href: string;
}

const items: NavItem[] = [
  { name: 'index', label: t.nav.index, href: '/index' },
  { name: 'hall', label: t.nav.hall, href: '/hall' },
  { name: 'position', label: t.nav.position, href: '/position' },
  { name: 'employment', label: t.nav.employment, href: '/employment' },
  { name: 'dimission', label: t.nav.dimission, href: '/dimission' },
  { name: 'payTaxesList', label: t.nav.payTaxes, href: '/payTaxes/list' },
];

/**
 * The top navigation (SPEC §2): the tax service only when the company has the tax flag; an area
 * the user's roles can use none of is left out (issue 27: `lacks`, session/permissions.ts).
 */
export function navItems(member: Pick<Member, 'is_pay_taxe'> | null | undefined, lacks: (rule: PermRule) => boolean = () => false): NavItem[] {
  return items.filter((i) => (i.name !== 'payTaxesList' || member?.is_pay_taxe) && !(routePerms[i.name] && lacks(routePerms[i.name]!)));
}
