/**
 * 验真 of an issued document (a departure proof, issue 30; a 完税证明, issue 31): the code printed on
 * it and in its QR, the hash of a presented file computed in the checker's browser, and the public
 * answer — no more than the paper says: who issued it, its facts, its serial and date, issued or
 * void, and whether the file is the issued one. One page in the console shows any of them.
 */
import { z } from 'zod';
import { normalizeVerifyCode, VERIFY_CODE_RE } from './dimission-rules';

export const VerifyCodeParam = z.strictObject({
  code: z.string().max(40).transform(normalizeVerifyCode).pipe(z.string().regex(VERIFY_CODE_RE, '验真码应为12位字母或数字')),
});
/** A file's SHA-256, computed in the checker's browser (the file itself never leaves it). */
export const DocumentCheckQuery = z.strictObject({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, '文件摘要格式不正确')
    .optional(),
});
export const DocumentCheckData = z.object({
  status: z.enum(['issued', 'void']),
  company_name: z.string(),
  serial: z.string(),
  issue_date: z.string(),
  voided_on: z.string().nullable(),
  /** the facts the paper states, in its order and words */
  items: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  /**
   * null without a file; match / mismatch against the issued PDF's SHA-256; `unsealed`: the file
   * from before an electronic seal was applied (departure proofs, issue 30)
   */
  file: z.enum(['match', 'unsealed', 'mismatch']).nullable(),
  /** electronic: the company's electronic seal is on the PDF (departure proofs; none elsewhere) */
  seal: z.enum(['none', 'electronic']).optional(),
});
export type DocumentCheckData = z.infer<typeof DocumentCheckData>;
