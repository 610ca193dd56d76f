/**
 * The sweep (issue 9): generated from the endpoint table, so every endpoint — including the ones
 * added later — is covered without anyone remembering to. For every endpoint of
 * `src/contract/endpoints.ts`, as an admin of company B (13800000002's company, made a member so
 * that the paid paths run too), with ids harvested from company A's (13800000001) answers and with
 * input fuzzed from the endpoint's own zod schemas (fast-check, fixed seed, bounded runs):
 *   - never a 5xx, and never a database error that the schemas should have caught;
 *   - never a distinctive value of company A in B's answer;
 *   - never a row written by a refused call (row-level triggers count every write), and never a
 *     change to A's rows by any call of B.
 * And a registered /ent/v3 route that is not in the table fails a test. And for every endpoint whose
 * row names a permission (`perm`, src/contract/roles.ts), a colleague of B holding every role but the
 * ones that grant it gets 403 and writes nothing at all (issue 27).
 *
 * Nothing here lists endpoints; the few exceptions are below, each with its reason.
 *
 * Why ~510 lines: one generated sweep over every endpoint; its exceptions and harvest share state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX, endpoints, type Endpoint } from '../contract/endpoints';
import { grants, MSG_NO_PERMISSION, ROLES, type PermRule } from '../contract/roles';
import { fmtDate } from './lib/time';
import { call, startTestServer, type Env, type TestServer } from '../../tests/setup/server';
import { mobileIndex } from './domain/users';
import { insertUser } from '../../tests/setup/users';

const SEED = 20261123;
/** Fuzzed cases per endpoint (on top of the harvested-id cases). */
const RUNS = 12;

// --- exceptions (keep short; each with its reason) ------------------------------------------------

/**
 * Answers that legitimately show data another company also sees, so A's values may appear in them:
 * the talent hall and résumés are the platform's shared pool of job seekers (a candidate's work
 * history names their employers, e.g. A); `index/company/:id` shows a verified company's public
 * business-registration facts; the settings and partners are platform content.
 */
const PUBLIC_ANSWERS = new Set<string>(['hall', 'viewUser', 'companyInfo', 'setting', 'partners']);
/**
 * Tables a refused call may write by design: counters of refused attempts (login abuse limits:
 * wrong SMS codes, per-IP limits) — refusing is exactly when they count.
 */
const ATTEMPT_TABLES = /^(sms_.*|.*(limit|attempt|throttle|abuse|lockout|counter).*)$/;
/** Harvested values that are capabilities meant to be shared (an invitation link's code): not A's secrets. */
const CAPABILITY_KEYS = new Set(['code', 'ticket']);

// --- what counts as A's distinctive data ------------------------------------------------------------

/** Fields of A's (non-public) answers whose values B must never see. */
const SECRET_KEYS = new Set([
  'company_name',
  'creditcode',
  'title',
  'order_id',
  'mobile',
  'contact_mobile',
  'contact_name',
  'contact_tel',
  'contacts_tel',
  'contacts_name',
  'hr_mobile',
  'hr_realname',
  'bank_account',
  'bank_name',
  'ship_phone',
  'ship_address',
  'ship_name',
  'address',
  'media_id',
  'image',
]);
const ID_KEY = /(^|_)id$/;

type Json = unknown;
const walk = (v: Json, fn: (key: string, value: Json) => void, key = '') => {
  if (Array.isArray(v)) v.forEach((x) => walk(x, fn, key));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, fn, k);
  else fn(key, v);
};

// --- the server, the two companies ------------------------------------------------------------------

let s: TestServer;
const names = Object.keys(endpoints).sort() as (keyof typeof endpoints)[];
const table = names.map((n) => [n, endpoints[n] as Endpoint] as const);
const idPool = new Set<number | string>();
const secrets = new Map<string, string>(); // value → where A showed it
const dbErrors: string[] = [];
let bUserId = 0;
let aCompanyId = 0;
let companyTables: string[] = [];
let casesTried = 0;

beforeAll(async () => {
  s = await startTestServer();
  const b = (await s.db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!;
  bUserId = b.id;
  // B is a paying member too, so that paid endpoints get past the membership gate to the ownership checks
  await s.db.query(`UPDATE companies SET company_lv = 1, member_expire = $2, crc_balance = 1000 WHERE id = $1`, [
    b.company_id,
    fmtDate(new Date(Date.now() + 365 * 86_400_000)),
  ]);
  aCompanyId = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  companyTables = (
    await s.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'company_id' ORDER BY 1`,
    )
  ).map((r) => r.table_name);
  await addRoleColleagues(b.company_id);
  await installWriteCounters();
  watchDatabaseErrors();

  // A's answers: ids to try as B, and distinctive values B must not see
  const a = await s.tokenFor('13800000001');
  const aAnswers: [string, Json][] = [];
  for (let round = 0; round < 2; round++) {
    for (const [name, e] of table) {
      if (e.method !== 'GET' || !e.auth) continue;
      for (const path of pathsFor(e, round === 0 ? [] : spread([...idPool], 30))) {
        const r = await call<Env>(s.url, 'GET', `${API_PREFIX}${path}${defaultQuery(e)}`, { token: a });
        if ((r.body as Env)?.code !== 200) continue;
        aAnswers.push([name, (r.body as Env).data]);
        walk((r.body as Env).data, (k, v) => {
          if (PUBLIC_ANSWERS.has(name) || CAPABILITY_KEYS.has(k)) return;
          if (ID_KEY.test(k) && ((typeof v === 'number' && v > 0) || (typeof v === 'string' && v.length >= 6))) idPool.add(v as number | string);
        });
      }
    }
  }
  // what B sees of its own is not A's secret, even when equal (a shared city, a common job title)
  const b0 = await s.tokenFor('13800000002');
  const seenByB = new Set<string>();
  for (const [, e] of table) {
    if (e.method !== 'GET' || !e.auth || e.params) continue;
    const r = await call<Env>(s.url, 'GET', `${API_PREFIX}${e.path}${defaultQuery(e)}`, { token: b0 });
    walk((r.body as Env)?.data, (_k, v) => typeof v === 'string' && seenByB.add(v));
  }
  for (const [name, data] of aAnswers) {
    if (PUBLIC_ANSWERS.has(name)) continue;
    walk(data, (k, v) => {
      if (!SECRET_KEYS.has(k) || typeof v !== 'string' || v.length < 4 || seenByB.has(v) || /\*/.test(v)) return;
      secrets.set(v, `${name}.${k}`);
    });
  }
}, 120_000);

afterAll(async () => {
  console.log(
    `[sweep] ${casesTried} cases over ${table.length} endpoints; ${idPool.size} ids harvested from A; ${secrets.size} distinctive values of A watched`,
  );
  await s?.close();
});

// --- colleagues of B without a permission (issue 27) ---------------------------------------------

/** Every role that does not grant the rule (管理员 grants all); 成员 always. */
const rolesWithout = (rule: PermRule) => ROLES.filter((r) => r === 'member' || (r !== 'admin' && !grants([r], rule)));
const ruleKey = (rule: PermRule) => [rule].flat().join('|');
/** rule → the mobile of a colleague of B holding rolesWithout(rule) */
const withoutPerm = new Map<string, string>();

async function addRoleColleagues(companyId: number) {
  const rules = new Map(table.filter(([, e]) => e.perm).map(([, e]) => [ruleKey(e.perm!), e.perm!] as const));
  let n = 0;
  for (const [key, rule] of rules) {
    const mobile = `1370000${String(++n).padStart(4, '0')}`;
    await insertUser(s.db, mobile, {
      realname: `无${n}`,
      verify_status: 1,
      company_id: companyId,
      role: 'member',
      roles: rolesWithout(rule),
      member_status: 'normal',
      joined_at: new Date(),
    });
    withoutPerm.set(key, mobile);
  }
}

// --- write counters and database errors ------------------------------------------------------------

/** the counter key of writes to A's rows of a table: this before the table's name */
const A_ROWS_PREFIX = 'A:';
const A_ROWS = `'${A_ROWS_PREFIX}' || `;

/**
 * Row triggers on every table count its writes, and apart the writes to A's rows (the row's
 * company_id, or the companies row's id, is A's before or after the write). Session 19: the
 * earlier md5 of all A's rows after each writing call was 96 of the file's 144 s (1,783 of them,
 * 54 ms each); the trigger sees the same writes, a no-op UPDATE of A's row included.
 */
async function installWriteCounters() {
  await s.db.exec(`
    CREATE TABLE sweep_writes (tbl text PRIMARY KEY, n integer NOT NULL);
    CREATE FUNCTION sweep_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO sweep_writes (tbl, n) VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = sweep_writes.n + 1;
      IF TG_NARGS = 2 AND ((TG_OP <> 'INSERT' AND to_jsonb(OLD) ->> TG_ARGV[0] = TG_ARGV[1])
                        OR (TG_OP <> 'DELETE' AND to_jsonb(NEW) ->> TG_ARGV[0] = TG_ARGV[1])) THEN
        INSERT INTO sweep_writes (tbl, n) VALUES (${A_ROWS}TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = sweep_writes.n + 1;
      END IF;
      RETURN NULL;
    END $$;`);
  const tables = await s.db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'sweep_writes'`);
  for (const { tablename } of tables) {
    const owner = tablename === 'companies' ? 'id' : companyTables.includes(tablename) ? 'company_id' : null;
    const args = owner ? `'${owner}', '${aCompanyId}'` : '';
    await s.db.exec(`CREATE TRIGGER sweep_w AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION sweep_count(${args})`);
  }
  // the watch sees a write to A's rows (else every check below would pass unseen)
  const before = await writes();
  await s.db.query('UPDATE companies SET id = id WHERE id = $1', [aCompanyId]);
  await s.db.query(`UPDATE ${companyTables.includes('positions') ? 'positions' : companyTables[0]} SET company_id = company_id WHERE company_id = $1`, [
    aCompanyId,
  ]);
  const seen = writtenOfA(before, await writes());
  if (!seen.includes('companies') || seen.length !== 2) throw new Error(`the write watch did not see A's rows written: ${seen.join(', ')}`);
}
async function writes(): Promise<Map<string, number>> {
  const rows = await s.db.query<{ tbl: string; n: number }>('SELECT tbl, n FROM sweep_writes');
  return new Map(rows.map((r) => [r.tbl, r.n]));
}
const changed = (before: Map<string, number>, after: Map<string, number>) => [...after].filter(([t, n]) => n !== (before.get(t) ?? 0)).map(([t]) => t);
const written = (before: Map<string, number>, after: Map<string, number>) =>
  changed(before, after).filter((t) => !t.startsWith(A_ROWS_PREFIX) && !ATTEMPT_TABLES.test(t) && t !== 'sessions');
/** the tables whose rows of A's the call wrote */
const writtenOfA = (before: Map<string, number>, after: Map<string, number>) =>
  changed(before, after)
    .filter((t) => t.startsWith(A_ROWS_PREFIX))
    .map((t) => t.slice(A_ROWS_PREFIX.length));

/** Every database error of a data-exception class (22xxx) means a schema let bad input through. */
function watchDatabaseErrors() {
  const db = s.db as unknown as Record<'one' | 'query' | 'tx', (...a: unknown[]) => Promise<unknown>>;
  for (const m of ['one', 'query', 'tx'] as const) {
    const real = db[m]!.bind(s.db);
    db[m] = async (...a: unknown[]) => {
      try {
        return await real(...a);
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('22')) dbErrors.push(`${code} ${(e as Error).message}`);
        throw e;
      }
    };
  }
}

// --- inputs from the schemas ----------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}
const jsonSchema = (schema: z.ZodType | undefined): JsonSchema =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : {};
const props = (schema: z.ZodType | undefined) => {
  const j = jsonSchema(schema);
  return { properties: j.properties ?? {}, required: new Set(j.required ?? []) };
};

/** Hostile values: NUL and other controls, huge and negative numbers, 10,000 characters, wrong shapes. */
const hostileScalar = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001\u0002\u001b[31m', '\u007f', '\r\n', '\t', ' ', '', '%00', '%', '\uFFFF', '\uD800'),
  fc.constantFrom('0', '-1', '-2147483648', '2147483647', '2147483648', '99999999999999999999', '1e400', '1.5', 'NaN', 'Infinity', '0x10'),
  fc.constantFrom('x'.repeat(10_000), '中'.repeat(10_000), '9'.repeat(10_000)),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '__proto__', 'null', 'undefined', 'true', '[]', '{}'),
  fc.string({ maxLength: 40, unit: 'binary' }),
);
const hostile: fc.Arbitrary<string | string[]> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { minLength: 2, maxLength: 3 }) }, // an array for a scalar
);

function patternOf(p: JsonSchema): string | undefined {
  const pats = [p.pattern, ...(p.allOf ?? []).map((x) => x.pattern)].filter((x): x is string => !!x);
  // the field's own rule rather than the shared "no control characters" one
  return pats.find((x) => !x.startsWith('^[^\\u0000')) ?? pats[0];
}

/** A value that may pass the field's schema (so that fuzzing reaches the handler). */
function plausible(p: JsonSchema, key: string): fc.Arbitrary<string> {
  const alts = p.anyOf ?? p.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => plausible(a, key)));
  if (p.enum?.length) return fc.constantFrom(...p.enum.map(String));
  if (p.const !== undefined) return fc.constant(String(p.const));
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  if (type === 'integer' || type === 'number') {
    const min = Math.max(p.minimum ?? -5, -1_000_000);
    const max = Math.min(p.maximum ?? 1_000_000, 1_000_000);
    const ids = ID_KEY.test(key) && idPool.size ? [fc.constantFrom(...[...idPool].filter((x) => typeof x === 'number').map(String))] : [];
    return fc.oneof(fc.integer({ min, max: Math.max(min, max) }).map(String), ...ids);
  }
  if (type === 'boolean') return fc.constantFrom('true', 'false', '1', '0');
  const pat = patternOf(p);
  const max = Math.min(p.maxLength ?? 40, 200);
  if (pat) {
    try {
      return fc.stringMatching(new RegExp(pat)).filter((x) => x.length <= Math.max(max, 64));
    } catch {
      // a pattern fast-check cannot generate from: plain text
    }
  }
  return fc.string({ minLength: p.minLength ?? 0, maxLength: max, unit: fc.constantFrom(...'甲乙丙丁abcXYZ019-_ ,.@') });
}

type Fields = Record<string, string | string[]>;
/** Fields of an object schema: plausible, hostile, or missing (required ones too), plus now and then an unknown one. */
function fields(schema: z.ZodType | undefined): fc.Arbitrary<Fields> {
  const { properties } = props(schema);
  const entries = Object.entries(properties).map(
    ([k, p]) =>
      [
        k,
        fc.oneof(
          { weight: 5, arbitrary: plausible(p, k).map((v): string | string[] | undefined => v) },
          { weight: 3, arbitrary: hostile.map((v): string | string[] | undefined => v) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      ] as const,
  );
  const extra = fc.option(fc.tuple(fc.constantFrom('x', 'id', 'company_id', '__proto__', 'a\u0000'), hostileScalar), { freq: 6 });
  return fc.tuple(fc.tuple(...entries.map(([, a]) => a)), extra).map(([vals, ex]) => {
    const out: Fields = {};
    entries.forEach(([k], i) => {
      const v = vals[i];
      if (v !== undefined) out[k] = v;
    });
    if (ex) out[ex[0]] = ex[1];
    return out;
  });
}

/** A value for a path parameter: one of A's ids, or a hostile one. */
const pathValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: idPool.size ? fc.constantFrom(...[...idPool].map(String)) : fc.constant('1') },
    { weight: 2, arbitrary: hostileScalar.filter((x) => x !== '') },
  );

/** `n` elements spread evenly over `xs` (ids of every kind A showed, not just the first list's). */
function spread<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  return Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!);
}

/** encodeURIComponent that takes lone surrogates too (they become U+FFFD, as a browser would send). */
const enc = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function pathsFor(e: Endpoint, ids: (number | string)[]): string[] {
  const keys = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  if (!keys.length) return [e.path];
  return ids.map((id) => e.path.replace(/:([A-Za-z_]+)/g, () => enc(String(id))));
}

/** A query that passes the schema where a plain default does (required enums take their first value). */
function defaultQuery(e: Endpoint): string {
  const { properties, required } = props(e.query);
  const q = new URLSearchParams();
  for (const k of required) {
    const p = properties[k]!;
    if (p.default !== undefined) continue;
    if (p.enum?.length) q.set(k, String(p.enum[0]));
  }
  const str = q.toString();
  return str ? `?${str}` : '';
}

const form = (f: Fields) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) for (const x of [v].flat()) p.append(k, x);
  return p.toString();
};

interface Case {
  path: string;
  query: Fields;
  body: Fields;
  /** send the body as JSON with typed values instead of a form */
  json: boolean;
}
/** One of each hostile kind, tried in every field in turn (the random runs may miss a kind). */
const HOSTILE_KINDS: (string | string[] | undefined)[] = [
  'a\u0000b', // NUL
  'x\u001b[31m\u0007', // other control characters
  '2147483648', // an id past PostgreSQL integer
  '-1',
  '99999999999999999999',
  '中'.repeat(10_000), // 10,000 characters
  ['1', '2'], // an array for a scalar
  undefined, // missing
];

/** Every field present with a value that may pass its schema. */
function plausibleFields(schema: z.ZodType | undefined): fc.Arbitrary<Fields> {
  const entries = Object.entries(props(schema).properties);
  return fc.tuple(...entries.map(([k, p]) => plausible(p, k))).map((vals) => Object.fromEntries(entries.map(([k], i) => [k, vals[i]!])));
}

function cases(e: Endpoint, name: string): Case[] {
  const keys = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const fill = (vals: string[]) => {
    let i = 0;
    return e.path.replace(/:([A-Za-z_]+)/g, () => enc(vals[i++]!));
  };
  const seed = SEED + [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
  // random runs: each field plausible, hostile or missing
  const path = fc.tuple(...keys.map(() => pathValue())).map(fill);
  const arb = fc.record({ path, query: fields(e.query), body: fields(e.body), json: fc.boolean() });
  const generated = fc.sample(arb, { seed, numRuns: RUNS });
  // a plausible call, then each hostile kind in each field in turn
  const base = fc.sample(fc.record({ query: plausibleFields(e.query), body: plausibleFields(e.body) }), { seed, numRuns: 1 })[0]!;
  const basePath = fill(keys.map(() => String([...idPool][0] ?? 1)));
  const systematic: Case[] = [];
  for (const where of ['query', 'body'] as const) {
    for (const k of Object.keys(base[where])) {
      for (const v of HOSTILE_KINDS) {
        const f = { ...base[where] };
        if (v === undefined) delete f[k];
        else f[k] = v;
        systematic.push({ path: basePath, ...base, [where]: f, json: false });
      }
    }
  }
  for (let i = 0; i < keys.length; i++) {
    for (const v of HOSTILE_KINDS) {
      if (typeof v !== 'string') continue;
      systematic.push({ path: fill(keys.map((_, j) => (j === i ? v : String([...idPool][0] ?? 1)))), ...base, json: false });
    }
  }
  // A's ids with plausible input: the tenancy check proper (bounded)
  const byId = keys.length ? spread([...idPool], 15).flatMap((id) => pathsFor(e, [id]).map((p) => ({ path: p, ...base, json: false }))) : [];
  return [...byId, ...systematic, ...generated];
}

async function send(e: Endpoint, c: Case, token: string) {
  const qs = form(c.query);
  const url = `${s.url}${API_PREFIX}${c.path}${qs && e.method === 'GET' ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (e.method !== 'GET') {
    if (c.json) {
      headers['content-type'] = 'application/json';
      // JSON carries types a form cannot: numbers, booleans, null, objects
      const typed = (v: string | string[]): unknown =>
        Array.isArray(v) ? v.map(typed) : /^-?\d+$/.test(v) ? Number(v) : v === 'null' ? null : v === 'true' ? true : v === '{}' ? { $gt: '' } : v;
      body = JSON.stringify(Object.fromEntries(Object.entries(c.body).map(([k, v]) => [k, typed(v)])));
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = form(c.body);
    }
  }
  const res = await fetch(url, { method: e.method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual' });
  const text = await res.text();
  let env: Env | null = null;
  try {
    env = JSON.parse(text) as Env;
  } catch {
    // not JSON: reported below
  }
  return { status: res.status, text, env };
}

// --- the tests -------------------------------------------------------------------------------------

describe('the endpoint table is complete', () => {
  it('every registered /ent/v3 route is in the table, and every table entry is registered', () => {
    const registered = new Set<string>();
    const stack: string[] = [];
    for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      stack.push(m[2]!);
      const path = stack.join('');
      for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
        if (method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith(`${API_PREFIX}/`)) registered.add(`${method} ${path}`);
      }
    }
    const inTable = new Set(table.map(([, e]) => `${e.method} ${API_PREFIX}${e.path}`));
    expect(registered.size).toBeGreaterThan(10);
    expect(
      [...registered].filter((r) => !inTable.has(r)),
      'routes registered outside src/contract/endpoints.ts',
    ).toEqual([]);
    expect(
      [...inTable].filter((r) => !registered.has(r)),
      'table entries the server does not register',
    ).toEqual([]);
  });
});

describe('sweep: every endpoint as company B, A’s ids and fuzzed input', () => {
  it('harvested A’s ids and distinctive values', () => {
    expect(idPool.size).toBeGreaterThan(5);
    expect(secrets.size).toBeGreaterThan(5);
  });

  for (const [name, e] of table) {
    it(`${e.method} ${e.path}`, async () => {
      const problems: string[] = [];
      dbErrors.length = 0;
      let token = await s.tokenFor('13800000002');
      for (const c of cases(e, name)) {
        const before = await writes();
        const r = await send(e, c, token);
        casesTried++;
        const after = await writes();
        const what = `${e.method} ${c.path} q=${JSON.stringify(c.query).slice(0, 120)} b=${JSON.stringify(c.body).slice(0, 120)}${c.json ? ' (json)' : ''}`;
        if (r.status >= 500) problems.push(`${r.status} for ${what}: ${r.text.slice(0, 200)}`);
        // Node refuses a request line and headers over 16 KB itself (a 10,000-character value in
        // the URL): 431, not an envelope, and never reaches the server's code
        if (r.status === 431) continue;
        if (!r.env || typeof r.env.code !== 'number') {
          problems.push(`not an envelope for ${what}: ${r.text.slice(0, 100)}`);
          continue;
        }
        if (!PUBLIC_ANSWERS.has(name)) {
          const answer = JSON.stringify(r.env);
          for (const [v, where] of secrets) if (answer.includes(v)) problems.push(`A's ${where} "${v}" in B's answer to ${what}`);
        }
        if (r.env.code !== 200) {
          const w = written(before, after);
          if (w.length) problems.push(`refused (${r.env.code} ${r.env.msg}) but wrote ${w.join(', ')}: ${what}`);
        }
        // whatever B wrote, none of it is A's
        const ofA = writtenOfA(before, after);
        if (ofA.length) problems.push(`A's rows of ${ofA.join(', ')} written by B's call (${r.env.code} ${r.env.msg}): ${what}`);
        // a call that ended B's session (logout, or a fuzzed one that did) gets a fresh one
        if (r.env.code === 410000 || (name === 'logout' && r.env.code === 200)) token = await s.tokenFor('13800000002');
      }
      expect(dbErrors.slice(0, 5).join('\n'), 'database data exceptions: a schema let bad input through').toBe('');
      expect(problems.slice(0, 8).join('\n')).toBe('');
    });
  }

  it('B is still who it was (the sweep did not move B into A)', async () => {
    const b = await s.db.one<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [bUserId]);
    const a = await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`);
    expect(b!.company_id).not.toBe(a!.company_id);
  });
});

describe('permissions: every endpoint with a perm, as a colleague of B whose roles do not grant it', () => {
  const guarded = table.filter(([, e]) => e.auth && e.perm);
  it('the table names permissions (money, personal data and settings are not open to every member)', () => {
    expect(guarded.length).toBeGreaterThan(50);
    for (const n of ['paySettings', 'payBatchCode', 'payBatchConfirm', 'dimRecordReveal', 'payQuarterExport', 'colleagueRoles', 'retentionSave'] as const) {
      expect(endpoints[n].perm, n).toBeDefined();
    }
  });

  for (const [name, e] of guarded) {
    it(`${e.method} ${e.path} needs ${ruleKey(e.perm!)}`, async () => {
      const mobile = withoutPerm.get(ruleKey(e.perm!))!;
      // the fuzzing above, as B's admin, may have changed or removed this colleague (an id of A's that is also theirs)
      await s.db.query(`UPDATE users SET company_id = $2, member_status = 'normal', roles = $3 WHERE mobile_bidx = $1`, [
        mobileIndex(mobile),
        (await s.db.one<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [bUserId]))!.company_id,
        rolesWithout(e.perm!),
      ]);
      const token = await s.tokenFor(mobile);
      const problems: string[] = [];
      // the plausible call, then a few of the generated ones (hostile input is refused for the role first)
      for (const c of cases(e, name).slice(0, 4)) {
        const before = await writes();
        const r = await send(e, c, token);
        casesTried++;
        const after = await writes();
        const what = `${e.method} ${c.path} b=${JSON.stringify(c.body).slice(0, 80)}`;
        if (r.status === 431) continue;
        if (r.env?.code !== 403 || r.env.msg !== MSG_NO_PERMISSION) problems.push(`answered ${r.env?.code} ${r.env?.msg} to ${what}`);
        const w = [...after].filter(([t, n]) => n !== (before.get(t) ?? 0) && t !== 'sessions').map(([t]) => t);
        if (w.length) problems.push(`refused but wrote ${w.join(', ')}: ${what}`);
      }
      expect(problems.slice(0, 5).join('\n')).toBe('');
    });
  }
});
