import { call } from '../../shared/lib/http';

export const loadPlanDays = () => call('planDays');
export const loadPlanDay = (date: string) => call('planDay', { body: { date } }, { dedupeMs: 0 });
