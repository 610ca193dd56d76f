/**
 * RAM policy evaluation as Alibaba Cloud does it, for the actions and resources the demo's cloud
 * serves (the OSS and VOD sandboxes). A credential carries the policy documents it is bound to
 * (`sts_credentials.policies`): for an STS credential the role's permission policy and the session
 * policy AssumeRole was given; for VOD's per-object upload auth the one object's policy; the
 * account's own key is its RAM user's policy (cloud.ts).
 *
 * The rules (help.aliyun.com "How RAM evaluates policies", "Policy structure and syntax",
 * "Basic elements of a permission policy"):
 * 1. Default deny: what no statement allows is denied.
 * 2. An explicit Deny wins: a matching Deny statement in any of the policies denies the request,
 *    whatever any Allow says.
 * 3. A role's session: the effective rights are the role's policy *intersected* with the session
 *    policy — each of the credential's policies must allow the request on its own (a session
 *    policy cannot widen the role, and whatever it leaves out is denied even if the role grants it).
 * 4. A statement matches when its Action (or, with NotAction, none of the listed actions) matches
 *    the request's action and its Resource (or, with NotResource, none of the listed ones) matches
 *    the request's resource. `*` in a pattern matches any run of characters, `/` included; actions
 *    (`oss:PutObject`) compare case-insensitively, resources
 *    (`acs:oss:<region>:<account>:<bucket>/<key>`) case-sensitively (object keys are).
 * 5. Grammar: Version "1", Statement a non-empty list; Effect Allow|Deny; Action/NotAction and
 *    Resource/NotResource a string or a list of strings. A Condition is refused at AssumeRole
 *    (PolicyGrammar): the sandbox does not evaluate conditions, and ignoring one would widen an
 *    Allow or narrow a Deny.
 * Which action a request is: ossAction / vodAction below (OSS's own table: the multipart calls
 * InitiateMultipartUpload, UploadPart and CompleteMultipartUpload need oss:PutObject; HeadObject
 * oss:GetObject).
 */

export interface PolicyDocument {
  Version: string;
  Statement: unknown[];
}

interface Statement {
  allow: boolean;
  actions: RegExp[];
  notAction: boolean;
  resources: RegExp[];
  notResource: boolean;
}

export class PolicyGrammarError extends Error {}

/** The sandbox's account (its STS role's ARN names it too). */
export const SANDBOX_ACCOUNT_ID = '1234567890123456';
export const SANDBOX_REGION = 'cn-shanghai';

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const pattern = (p: string, flags: string) => new RegExp(`^${p.split('*').map(escape).join('.*')}$`, flags);

function strings(v: unknown, name: string): string[] {
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : null;
  if (!list || !list.length || list.some((x) => typeof x !== 'string' || !x))
    throw new PolicyGrammarError(`${name} must be a string or a non-empty list of strings.`);
  return list as string[];
}

function statement(raw: unknown): Statement {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new PolicyGrammarError('A statement must be an object.');
  const s = raw as Record<string, unknown>;
  if (s.Effect !== 'Allow' && s.Effect !== 'Deny') throw new PolicyGrammarError('Effect must be Allow or Deny.');
  if ('Condition' in s) throw new PolicyGrammarError('The sandbox does not evaluate Condition.');
  if ('Action' in s === 'NotAction' in s) throw new PolicyGrammarError('A statement needs Action or NotAction.');
  if ('Resource' in s === 'NotResource' in s) throw new PolicyGrammarError('A statement needs Resource or NotResource.');
  const notAction = 'NotAction' in s;
  const notResource = 'NotResource' in s;
  return {
    allow: s.Effect === 'Allow',
    actions: strings(notAction ? s.NotAction : s.Action, 'Action').map((a) => pattern(a, 'i')),
    notAction,
    resources: strings(notResource ? s.NotResource : s.Resource, 'Resource').map((r) => pattern(r, '')),
    notResource,
  };
}

/** A policy document (JSON text or parsed), checked against the grammar; throws PolicyGrammarError. */
export function parsePolicy(doc: unknown): Statement[] {
  let d = doc;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      throw new PolicyGrammarError('The policy is not JSON.');
    }
  }
  if (!d || typeof d !== 'object' || Array.isArray(d)) throw new PolicyGrammarError('The policy must be an object.');
  const p = d as Record<string, unknown>;
  if (p.Version !== '1') throw new PolicyGrammarError('Version must be "1".');
  if (!Array.isArray(p.Statement) || !p.Statement.length) throw new PolicyGrammarError('Statement must be a non-empty list.');
  return p.Statement.map(statement);
}

const matches = (s: Statement, action: string, resource: string) =>
  s.actions.some((a) => a.test(action)) !== s.notAction && s.resources.some((r) => r.test(resource)) !== s.notResource;

/** One policy's answer: an explicit deny, an allow, or nothing said (an implicit deny). */
export function decide(policy: Statement[], action: string, resource: string): 'deny' | 'allow' | 'none' {
  let allowed = false;
  for (const s of policy) {
    if (!matches(s, action, resource)) continue;
    if (!s.allow) return 'deny';
    allowed = true;
  }
  return allowed ? 'allow' : 'none';
}

/**
 * Whether a credential bound to these policies may do `action` on `resource`: no policy denies it
 * and every one allows it. No policies at all: nothing is allowed. A document that does not parse
 * allows nothing (it could not have been accepted).
 */
export function policiesAllow(docs: readonly unknown[], action: string, resource: string): boolean {
  if (!docs.length) return false;
  let parsed: Statement[][];
  try {
    parsed = docs.map(parsePolicy);
  } catch {
    return false;
  }
  const answers = parsed.map((p) => decide(p, action, resource));
  return !answers.includes('deny') && answers.every((a) => a === 'allow');
}

/**
 * The RAM action of an OSS request (OSS's table; the multipart calls are writes: oss:PutObject);
 * null for a method the store does not serve (it answers MethodNotAllowed, whoever asks).
 */
export function ossAction(method: string, query: Record<string, string | undefined>): string | null {
  const has = (k: string) => query[k] !== undefined;
  if (method === 'POST' && has('uploads')) return 'oss:PutObject'; // InitiateMultipartUpload
  if (has('uploadId')) {
    if (method === 'PUT') return 'oss:PutObject'; // UploadPart
    if (method === 'POST') return 'oss:PutObject'; // CompleteMultipartUpload
    if (method === 'GET') return 'oss:ListParts';
    if (method === 'DELETE') return 'oss:AbortMultipartUpload';
  }
  if (method === 'PUT') return 'oss:PutObject';
  if (method === 'GET' || method === 'HEAD') return 'oss:GetObject';
  if (method === 'DELETE') return 'oss:DeleteObject';
  return null;
}

/** The ARN of an object of the sandbox's store. */
export const ossResource = (bucket: string, key: string) => `acs:oss:${SANDBOX_REGION}:${SANDBOX_ACCOUNT_ID}:${bucket}/${key}`;

/** A VOD call's action and resource (the upload calls have no resource-level authorization: `*` in a policy). */
export const vodAction = (name: string) => `vod:${name}`;
export const VOD_RESOURCE = `acs:vod:${SANDBOX_REGION}:${SANDBOX_ACCOUNT_ID}:*`;
