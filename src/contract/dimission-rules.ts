/**
 * Departure handling (离职办理), the pure rules both the console and the server apply: years of
 * service, date rules, the evaluative-words check and the one proof template (Implementing
 * Regulations of the Labour Contract Law art. 24) that the A4 print view, the employee's page and
 * the server's proof image all draw. No zod here: the first route never loads it.
 */

/** Legal basis of the rescission/termination (required on the record: it decides unemployment benefits). */
export const LEGAL_BASES = [
  { code: 'resign', label: '劳动者提前通知解除（《劳动合同法》第三十七条）', print: '本人申请辞职', act: '解除' },
  { code: 'mutual', label: '协商一致解除（《劳动合同法》第三十六条）', print: '双方协商一致解除劳动合同', act: '解除' },
  { code: 'expire', label: '劳动合同期满终止（《劳动合同法》第四十四条第一项）', print: '劳动合同期满终止', act: '终止' },
  { code: 'employee38', label: '劳动者依第三十八条解除', print: '劳动者依法解除劳动合同', act: '解除' },
  { code: 'employer40', label: '用人单位依第四十条解除', print: '用人单位依法解除劳动合同', act: '解除' },
  { code: 'employer41', label: '经济性裁员（第四十一条）', print: '用人单位依法解除劳动合同', act: '解除' },
  { code: 'retire', label: '依法享受基本养老保险待遇终止（第四十四条第二项）', print: '依法退休，劳动合同终止', act: '终止' },
  { code: 'other', label: '其他法定情形', print: '劳动合同依法解除或者终止', act: '解除或者终止' },
] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number]['code'];
export const LEGAL_BASIS_CODES = LEGAL_BASES.map((b) => b.code) as [LegalBasis, ...LegalBasis[]];
export const legalBasisLabel = (code: string) => LEGAL_BASES.find((b) => b.code === code)?.label ?? '';
/** The neutral wording printed when the employee asks for the reason. */
export const legalBasisPrint = (code: string) => LEGAL_BASES.find((b) => b.code === code)?.print ?? '';
/**
 * What happened to the contract, as the legal basis says it: 解除 (art. 36–41) or 终止 (art. 44);
 * 解除或者终止 (art. 50's words) only where the basis leaves it open.
 */
export const legalBasisAct = (code: string) => LEGAL_BASES.find((b) => b.code === code)?.act ?? '解除或者终止';
/** The legal basis a leave type (vocab LEAVE_TYPES) suggests when a record starts from a request. */
export const basisOfLeaveType = (type: string): LegalBasis =>
  type === 'resign'
    ? 'resign'
    : type === 'mutual'
      ? 'mutual'
      : type === 'expire'
        ? 'expire'
        : type === 'retire'
          ? 'retire'
          : type === 'dismiss'
            ? 'employer40'
            : 'other';

export const REQUEST_STATUSES = [
  { code: 'pending', label: '待处理' },
  { code: 'approved', label: '已同意' },
  { code: 'rejected', label: '已退回' },
  { code: 'withdrawn', label: '已撤回' },
  { code: 'left', label: '已离职' },
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number]['code'];
export const REQUEST_STATUS_CODES = REQUEST_STATUSES.map((s) => s.code) as [RequestStatus, ...RequestStatus[]];

export const PROOF_STATUSES = [
  { code: 'draft', label: '待出具' },
  { code: 'issued', label: '已出具' },
  { code: 'viewed', label: '员工已查看' },
  { code: 'void', label: '已作废' },
] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number]['code'];
export const PROOF_STATUS_CODES = PROOF_STATUSES.map((s) => s.code) as [ProofStatus, ...ProofStatus[]];

/**
 * The employee's links to a proof (issue 28 item 2, issue 30): each SMS (确认出具, 催办) carries its
 * own link, and a link lasts as long as the proof — 作废, anonymisation or purge end it, nothing else
 * (docs/decisions.md → Verifiable departure proofs).
 */
export const MSG_PROOF_GONE = '离职证明不存在或已作废';

// --- dates ------------------------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date `YYYY-MM-DD`. */
export function isDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
const parts = (s: string) => s.split('-').map(Number) as [number, number, number];
/** Days from a to b (`YYYY-MM-DD`), b − a. */
export function daysBetween(a: string, b: string): number {
  const [y1, m1, d1] = parts(a);
  const [y2, m2, d2] = parts(b);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}
export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Whole months of service from the entry date to the departure date, both days worked: a month
 * is complete when the day after the departure reaches the entry's day of the month.
 */
export function serviceMonths(entry: string, leave: string): number {
  if (!isDate(entry) || !isDate(leave) || leave < entry) return 0;
  const [y1, m1, d1] = parts(entry);
  const [y2, m2, d2] = parts(addDaysTo(leave, 1));
  // the entry day may not exist in the end month (31st): the month's last day completes it
  const lastOfEnd = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  const reached = d2 >= Math.min(d1, lastOfEnd);
  return (y2 - y1) * 12 + (m2 - m1) - (reached ? 0 : 1);
}
/** 在本单位的工作年限 as the proof writes it: `X年X个月`. */
export function tenureText(entry: string, leave: string): string {
  const n = serviceMonths(entry, leave);
  return `${Math.floor(n / 12)}年${n % 12}个月`;
}
/** 2026年11月27日 */
export const cnDate = (d: string) => {
  const [y, m, day] = d.split('-');
  return `${y}年${Number(m)}月${Number(day)}日`;
};
export const TENURE_RE = /^\d{1,2}年(\d|1[01])个月$/;

export interface ProofDates {
  entry_date: string;
  leave_date: string;
  contract_start?: string;
  contract_end?: string;
  contract_open_ended?: boolean;
}
/** The first date rule broken, in Chinese, or null (domain.md §2.7). */
export function dateProblem(f: ProofDates): string | null {
  if (!isDate(f.entry_date)) return '请填写正确的入职日期';
  if (!isDate(f.leave_date)) return '请填写正确的离职日期';
  if (f.leave_date < f.entry_date) return '离职日期不能早于入职日期';
  const start = f.contract_start ?? '';
  const end = f.contract_end ?? '';
  if (!isDate(start)) return '请填写劳动合同起始日期';
  if (!f.contract_open_ended) {
    if (!isDate(end)) return '请填写劳动合同终止日期，或勾选无固定期限';
    if (start > end) return '劳动合同起始日期不能晚于终止日期';
  }
  return null;
}

/**
 * 在本单位的工作年限 is not typed: it is the months from the entry date to the departure date (issue
 * 30 item 2). A stated value that differs, as the refusal, or null.
 */
export function tenureProblem(stated: string, entry: string, leave: string): string | null {
  const due = tenureText(entry, leave);
  return stated === due ? null : `在本单位的工作年限应为${due}（按入职日期至解除或者终止日期计算），不能填写为${stated || '空'}`;
}

// --- wording ----------------------------------------------------------------------------------

/**
 * Evaluative words a departure proof must not carry (negative evaluations risk damages, art. 89;
 * 就业促进法 fair employment). Checked in every free-text field of a proof.
 */
export const EVALUATIVE_WORDS = [
  '违纪',
  '违规',
  '违反',
  '开除',
  '除名',
  '辞退',
  '劝退',
  '不胜任',
  '不能胜任',
  '能力不足',
  '能力差',
  '表现差',
  '表现不佳',
  '态度差',
  '态度恶劣',
  '旷工',
  '失职',
  '渎职',
  '过失',
  '盗窃',
  '偷窃',
  '品行',
  '品德',
  '不诚信',
  '欺诈',
  '记过',
  '处分',
  '警告',
  '处罚',
  '黑名单',
  '不予录用',
  '犯罪',
] as const;
/** The first evaluative word in a text, or null. */
export function evaluativeWord(text: string): string | null {
  const plain = text.replace(/\s+/g, '');
  return EVALUATIVE_WORDS.find((w) => plain.includes(w)) ?? null;
}
export const evaluativeWarning = (word: string) => `离职证明不得包含评价性用语（“${word}”），请使用中性表述`;

/** The free texts of a departure that may reach a proof (the department travels with the record). */
export type WordedField = 'job_name' | 'non_compete' | 'dept_name' | 'early_reason' | 'void_reason';
/**
 * The neutral-wording rule (issue 30 item 1), the one place every path asks: HR's form (save,
 * 填写), an import row, 确认出具 (the proof's stated text as stored) and the console's own check.
 * The first field holding an evaluative word, with the warning, or null.
 */
export function wordingProblem(texts: Partial<Record<WordedField, string | null | undefined>>): { field: WordedField; message: string } | null {
  for (const [field, text] of Object.entries(texts) as [WordedField, string | null | undefined][]) {
    const w = evaluativeWord(text ?? '');
    if (w) return { field, message: evaluativeWarning(w) };
  }
  return null;
}

// --- issuing ---------------------------------------------------------------------------------------

/**
 * 确认出具 waits for the departure date (the proof says the contract 已于…解除); before it, HR records
 * why it is issued early (e.g. at the employee's request) and the proof says 将于…解除.
 */
export const EARLY_REASONS = ['员工申请提前出具', '办理新单位入职手续需要', '办理社保、公积金等手续需要'] as const;
export const earlyIssueRefusal = (leaveDate: string) =>
  `解除或者终止日期（${cnDate(leaveDate)}）尚未到来，离职证明应在该日期或之后出具；如员工要求提前出具，请填写提前出具的原因`;
/** True when a proof dated `issueDate` speaks of a departure still to come. */
export const isEarly = (leaveDate: string, issueDate: string) => leaveDate > issueDate;

// --- verification ----------------------------------------------------------------------------------

/**
 * The 验真码 printed on an issued proof and in its QR (/m/proof-check/{code}): 12 characters of
 * Crockford's base32 (no I, L, O, U), 60 random bits — 10^18 codes, so guessing one behind the
 * per-address limit of public endpoints is hopeless. Shown in groups of four.
 */
export const VERIFY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFY_CODE_LENGTH = 12;
export const VERIFY_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{12}$/;
/** A typed code as stored: upper case, separators dropped, O→0 and I/L→1 as Crockford reads them. */
export const normalizeVerifyCode = (raw: string) =>
  raw
    .toUpperCase()
    .replace(/[\s\-–—_·.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
export const formatVerifyCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
/** The public 验真 page of a code, on `origin`. */
export const VERIFY_PATH = '/m/proof-check';
export const verifyUrl = (origin: string, code: string) => `${origin}${VERIFY_PATH}/${code}`;
/** The name as the 验真 page shows it: the first character, the rest starred (林**). */
export const maskPersonName = (name: string) => {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 3))}`;
};
export const MSG_VERIFY_UNKNOWN = '未找到该验真码对应的离职证明，请核对验真码';

// --- the proof template -------------------------------------------------------------------------

export interface ProofFacts {
  name: string;
  /** the full number on the employee's page and the print view; a mask on a third party's copy */
  id_card: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  contract_start: string | null;
  contract_end: string | null;
  contract_open_ended: boolean;
  tenure_text: string;
  legal_basis: string;
  print_reason: boolean;
  non_compete: string;
  company_name: string;
  issue_date: string;
  serial: string;
  /** an issued proof's 验真码 ('' on a draft and on a resume's transcription) */
  verify_code?: string;
  /** the 验真 page of that code (the QR's content) */
  verify_url?: string;
}

export interface ProofDocument {
  title: string;
  serial: string;
  opening: string;
  /** label/value rows: name, ID number and the four items of art. 24 */
  items: { key: string; label: string; value: string }[];
  closing: string;
  company: string;
  date: string;
  /**
   * The blank area the company stamps on paper (issue 30 item 6: no drawing imitates a seal). An
   * electronic seal, when the e-sign provider applies one, is in the signed PDF, never drawn here.
   */
  sealArea: string;
  /** how to check it: the code and the page (empty until issued) */
  verify: { code: string; url: string; text: string } | null;
  footnote: string;
}

/** The four items art. 24 requires (messages.md words). */
export const ART24_LABELS = ['劳动合同期限', '解除或者终止劳动合同的日期', '工作岗位', '在本单位的工作年限'] as const;

/** The contract's term as the proof states it. */
export function contractTerm(f: Pick<ProofFacts, 'contract_open_ended' | 'contract_start' | 'contract_end'>): string {
  return f.contract_open_ended
    ? `${f.contract_start ? cnDate(f.contract_start) : ''}起，无固定期限`
    : f.contract_start && f.contract_end
      ? `${cnDate(f.contract_start)}至${cnDate(f.contract_end)}`
      : '以劳动合同原件为准';
}

/**
 * The one proof template: what every rendering of a departure proof says. The opening follows the
 * legal basis (解除 / 终止) and the dates: 已于 once the departure date has come, 将于 for a proof
 * issued early.
 */
export function proofDocument(f: ProofFacts): ProofDocument {
  const items = [
    { key: 'name', label: '姓名', value: f.name },
    { key: 'id_card', label: '身份证号', value: f.id_card },
    { key: 'term', label: ART24_LABELS[0], value: contractTerm(f) },
    { key: 'leave_date', label: ART24_LABELS[1], value: cnDate(f.leave_date) },
    { key: 'job', label: ART24_LABELS[2], value: f.job_name },
    { key: 'tenure', label: ART24_LABELS[3], value: `${f.tenure_text}（${cnDate(f.entry_date)}入职）` },
  ];
  if (f.print_reason && legalBasisPrint(f.legal_basis)) items.push({ key: 'reason', label: '解除或者终止原因', value: legalBasisPrint(f.legal_basis) });
  if (f.non_compete.trim()) items.push({ key: 'non_compete', label: '竞业限制', value: f.non_compete.trim() });
  const tense = isEarly(f.leave_date, f.issue_date) ? '将于' : '已于';
  const code = f.verify_code ?? '';
  // the page to type the code on: the QR's address without the code
  const page = (f.verify_url ?? '').replace(/\/[^/]*$/, '');
  return {
    title: '离职证明',
    serial: f.serial ? `编号：${f.serial}` : '',
    opening: `兹证明${f.name}同志与本单位的劳动合同${tense}${cnDate(f.leave_date)}${legalBasisAct(f.legal_basis)}，有关情况如下：`,
    items,
    closing: '特此证明。',
    company: f.company_name,
    date: cnDate(f.issue_date),
    sealArea: '（盖章）',
    verify: code ? { code: formatVerifyCode(code), url: f.verify_url ?? '', text: `扫描二维码，或访问 ${page} 输入验真码核验` } : null,
    footnote: '依据《中华人民共和国劳动合同法实施条例》第二十四条出具',
  };
}
