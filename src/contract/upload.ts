import { z } from 'zod';

/** Short-lived STS credentials for the upload engine (ARCHITECTURE §2). */
export const StsData = z.object({
  AccessKeyId: z.string(),
  AccessKeySecret: z.string(),
  SecurityToken: z.string(),
  /** ISO 8601 */
  Expiration: z.string(),
});
export type StsData = z.infer<typeof StsData>;
