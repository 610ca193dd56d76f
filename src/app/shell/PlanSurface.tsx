import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { PlanPanel } from '../features/plan';
import { t } from '../shared/i18n/zh-CN';

const useStyles = makeStyles({
  title: { display: 'block', marginBottom: tokens.spacingVerticalS },
});

/** The inside of the 面试安排 dropdown (loaded when first opened). */
export default function PlanSurface() {
  const s = useStyles();
  return (
    <>
      <Text weight="semibold" size={400} className={s.title}>
        {t.plan.title}
      </Text>
      <PlanPanel />
    </>
  );
}
