export { InviteDialog } from './components/InviteDialog';
export { validateInvite, pickDate, pickTime, pickValue, initialPick, isDayDisabled, firstEnabledDay } from './lib/rules';
