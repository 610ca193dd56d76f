import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { loadProof, proofView } from '../api';
import { PaperPage } from './PrintView';

/** /dimission/print/:id — HR's A4 print view (the full ID number: an audited reveal). */
export function ProofPrint({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const load = useCallback(() => loadProof(id), [id]);
  return <PaperPage load={load} printLabel={tDim.print.print} invalid={tDim.employee.invalid} back={() => navigate('/dimission?tab=proofs')} />;
}

/** /m/proof/:token — the employee's page from the SMS link (opening it marks 员工已查看). */
export function ProofEmployeeView({ token }: { token: string }) {
  const load = useCallback(() => proofView(token), [token]);
  return <PaperPage load={load} printLabel={tDim.employee.print} invalid={tDim.employee.invalid} />;
}
