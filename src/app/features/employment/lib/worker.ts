import { certNoProblem, isBankCard, isMobile, isPersonName, luhnOk, normalizeDigits, type CertType } from '../../../../contract/person';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';

export interface WorkerForm {
  name: string;
  mobile: string;
  cert_type: CertType;
  cert_no: string;
  bank_card: string;
}

/** The first problem of a typed-in worker (contract/person; the server checks the same again), or null. */
export function workerProblem(v: WorkerForm, today?: Date): string | null {
  if (!isPersonName(v.name.trim())) return tEmp.manage.badName;
  if (!isMobile(normalizeDigits(v.mobile))) return tEmp.manage.badMobile;
  const cert = v.cert_type === 'id_card' || v.cert_type === 'foreign_pr' ? normalizeDigits(v.cert_no).toUpperCase() : v.cert_no.trim().toUpperCase();
  const p = certNoProblem(v.cert_type, cert, today);
  if (p) return `${tEmp.manage.certNo}${p}`;
  const bank = normalizeDigits(v.bank_card);
  if (bank && (!isBankCard(bank) || !luhnOk(bank))) return tEmp.manage.badBankCard;
  return null;
}
