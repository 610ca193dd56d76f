import { Button, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, RocketRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { session } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { onboardingSteps, type StepState } from '../lib/onboarding';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  steps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    counterReset: 'step',
    [media.narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  step: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  dot: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: tokens.spacingHorizontalXXL,
    height: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusCircular,
    fontWeight: tokens.fontWeightSemibold,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground3,
  },
  done: {
    backgroundColor: tokens.colorPaletteGreenBackground3,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteGreenBackground3}`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandBackground}`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  line: { flexGrow: 1, height: tokens.strokeWidthThick, backgroundColor: tokens.colorNeutralStroke2, [media.narrow]: { display: 'none' } },
  stateDone: { color: tokens.colorPaletteGreenForeground1 },
  stateDoing: { color: tokens.colorPaletteMarigoldForeground2 },
  stateWait: { color: tokens.colorNeutralForeground3 },
});

/** 开通企业服务: 完善企业信息 → 企业认证 → 发布第一个职位, for companies not yet verified. */
export function Onboarding() {
  const s = useStyles();
  const c = useCardStyles();
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const steps = onboardingSteps(user?.company_status);
  const stateClass: Record<StepState, string | undefined> = {
    done: s.stateDone,
    doing: s.stateDoing,
    todo: undefined,
    wait: s.stateWait,
  };
  return (
    <Card className={c.card} data-testid="onboarding">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <RocketRegular className={c.titleIcon} aria-hidden />
          {t.home.onboarding}
        </Text>
        <Text size={200} className={c.muted}>
          {t.home.onboardingHint}
        </Text>
      </div>
      <ol className={s.steps}>
        {steps.map((step, i) => (
          <li key={t.home.steps[i]} className={s.step} aria-current={step.state === 'todo' || step.state === 'doing' ? 'step' : undefined}>
            <span className={mergeClasses(s.dot, step.state === 'done' && s.done, (step.state === 'todo' || step.state === 'doing') && s.active)} aria-hidden>
              {step.state === 'done' ? <CheckmarkRegular /> : i + 1}
            </span>
            <span className={s.text}>
              <Text weight="semibold">{t.home.steps[i]}</Text>
              {step.href && step.state !== 'done' ? (
                <Button appearance={step.state === 'todo' ? 'primary' : 'secondary'} size="small" onClick={() => navigate(step.href!)}>
                  {step.state === 'doing' ? t.nav.reviewProgress : t.home.stepState.todo}
                </Button>
              ) : (
                <Text size={200} className={stateClass[step.state]}>
                  {t.home.stepState[step.state]}
                </Text>
              )}
            </span>
            {i < steps.length - 1 && <span className={s.line} aria-hidden />}
          </li>
        ))}
      </ol>
    </Card>
  );
}
