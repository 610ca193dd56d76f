import { z } from 'zod';

/** Resignation requests waiting for the company's review (SPEC §3 urge response). */
export const UrgeData = z.object({ count: z.number().int() });
export type UrgeData = z.infer<typeof UrgeData>;
