import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { EmptyState } from '../../../shared/ui';
import { usePageStyles } from './styles';

/** What a page shows instead of company data when the company is not a member. */
export function NotMember() {
  const s = usePageStyles();
  return (
    <section className={s.panel}>
      <EmptyState text={tEmp.list.empty} description={tEmp.noPerm} />
    </section>
  );
}
