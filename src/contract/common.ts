// first: zod must not probe eval under the console's CSP (zod-csp.ts)
import './zod-csp';
import { z } from 'zod';

export { MOBILE_RE, SMS_CODE_RE } from './patterns';

/** Path id: positive integer given as a path segment. */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** Form-encoded fields arrive as strings; these coerce and bound them. */
export const formInt = (min = 0, max = 2_147_483_647) => z.coerce.number().int().min(min).max(max);
export const formText = (max: number) => z.string().trim().max(max);

/** A date-time as the API writes it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const DateTimeText = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** A date as the API writes it: `YYYY-MM-DD`. */
export const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Money is an integer number of fen (分) everywhere but the display. */
export const Fen = z.number().int();
