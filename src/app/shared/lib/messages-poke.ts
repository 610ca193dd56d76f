/**
 * Tells the 消息中心 bell (features/messages) to ask for its count now: called by the console's own
 * actions that write a message (a payout batch submitted or approved once, the leave QR put away),
 * so the bell does not wait for its next 60 s tick. Costs nothing when the bell is not loaded.
 */
export const MESSAGES_EVENT = 'hr:messages';

export function pokeMessages(): void {
  window.dispatchEvent(new Event(MESSAGES_EVENT));
}
