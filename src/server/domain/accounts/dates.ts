import { fmtDateTime } from '../../lib/time';

/** A timestamp column as the contract's date-time text (China time); null stays null. */
export const dt = (d: Date | null) => (d ? fmtDateTime(d) : null);
