/** The home page's onboarding stepper (domain.md §2.1): 完善企业信息 → 企业认证 → 发布第一个职位. */
import type { CompanyStatus } from '../../../../contract';

export type StepState = 'done' | 'doing' | 'todo' | 'wait';

export interface OnboardingStep {
  state: StepState;
  /** where the step's action goes, when it has one */
  href?: string;
}

export function onboardingSteps(status: CompanyStatus | undefined): [OnboardingStep, OnboardingStep, OnboardingStep] {
  switch (status) {
    case 'normal':
      return [{ state: 'done' }, { state: 'done' }, { state: 'todo', href: '/position/post' }];
    case 'apply':
      return [{ state: 'done' }, { state: 'doing', href: '/inReview' }, { state: 'wait' }];
    default:
      return [{ state: 'todo', href: '/create' }, { state: 'wait' }, { state: 'wait' }];
  }
}
