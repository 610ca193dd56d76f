import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { loadProof } from '../api';
import { PaperPage } from './PrintView';

/** /dimission/print/:id — HR's A4 print view (the full ID number: an audited reveal). */
export function ProofPrint({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const load = useCallback(() => loadProof(id), [id]);
  return <PaperPage load={load} printLabel={tDim.print.print} invalid={tDim.employee.invalid} back={() => navigate('/dimission?tab=proofs')} />;
}
