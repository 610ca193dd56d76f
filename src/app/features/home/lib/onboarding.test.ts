// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onboardingSteps } from './onboarding';

describe('onboardingSteps', () => {
  it('starts with 完善企业信息 for a user without company', () => {
    expect(onboardingSteps('no_apply').map((s) => s.state)).toEqual(['todo', 'wait', 'wait']);
    expect(onboardingSteps('no_apply')[0].href).toBe('/create');
    expect(onboardingSteps(undefined).map((s) => s.state)).toEqual(['todo', 'wait', 'wait']);
  });
  it('shows the review in progress for apply', () => {
    const steps = onboardingSteps('apply');
    expect(steps.map((s) => s.state)).toEqual(['done', 'doing', 'wait']);
    expect(steps[1].href).toBe('/inReview');
  });
  it('leaves the first position for a verified company', () => {
    expect(onboardingSteps('normal').map((s) => s.state)).toEqual(['done', 'done', 'todo']);
  });
});
