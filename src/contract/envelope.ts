import { z } from 'zod';

export { Code, type CodeValue } from './codes';

/** `{code, msg, data}`: every answer of /ent/v3 has this shape, HTTP 200 for business errors too. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** For calls whose answer carries no data. */
export const Empty = z.union([z.null(), z.object({}).strict()]);
