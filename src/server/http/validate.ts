import type { z } from 'zod';
import { FIELD_LABELS } from '../../contract/labels';
import { badRequest } from '../lib/refusal';

const label = (path: readonly PropertyKey[] | undefined) => {
  const key = [...(path ?? [])].reverse().find((k) => typeof k === 'string') as string | undefined;
  return key === undefined ? '请求参数' : (FIELD_LABELS[key] ?? key);
};

/**
 * Chinese messages for the issues a schema has no message of its own for. Zod lets a
 * schema's own message (e.g. 请输入正确的手机号) win over this per-parse map.
 */
const zhError: z.core.$ZodErrorMap = (iss) => {
  const name = label(iss.path);
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? `缺少参数：${name}` : `参数格式错误：${name}`;
    case 'unrecognized_keys':
      return `不支持的参数：${iss.keys.join('、')}`;
    case 'too_big':
      return iss.origin === 'string' || iss.origin === 'array' ? `参数过长：${name}` : `参数超出范围：${name}`;
    case 'too_small':
      if (iss.origin === 'string' && iss.minimum === 1) return `缺少参数：${name}`;
      return iss.origin === 'string' || iss.origin === 'array' ? `参数过短：${name}` : `参数超出范围：${name}`;
    default:
      return `参数格式错误：${name}`;
  }
};

/**
 * Parses request input with a contract schema; on failure throws the envelope error
 * (code 400) of the most useful issue: an unknown field first, then the first field's.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {}, { error: zhError });
  if (r.success) return r.data;
  const issues = r.error.issues;
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  throw badRequest(first?.message ?? '参数错误');
}
