import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { recruitDialogs } from '../../shared/dialogs/recruit';

const ResumeDialog = lazy(() => import('../../features/resume').then((m) => ({ default: m.ResumeDialog })));
const CertificateDialog = lazy(() => import('../../features/resume').then((m) => ({ default: m.CertificateDialog })));
const CompanyInfoDialog = lazy(() => import('../../features/resume').then((m) => ({ default: m.CompanyInfoDialog })));
const InviteDialog = lazy(() => import('../../features/invite').then((m) => ({ default: m.InviteDialog })));

function useOnceTrue(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/** The recruitment area's global dialogs (resume, certificate, company info, invitation), loaded on first use. */
export function RecruitDialogs() {
  const { resume, certificate, company, invite } = useSnapshot(recruitDialogs);
  const resumeUsed = useOnceTrue(resume !== null);
  const certUsed = useOnceTrue(certificate !== null);
  const companyUsed = useOnceTrue(company !== null);
  const inviteUsed = useOnceTrue(invite !== null);
  return (
    <Suspense fallback={null}>
      {resumeUsed && <ResumeDialog />}
      {inviteUsed && <InviteDialog />}
      {companyUsed && <CompanyInfoDialog />}
      {certUsed && <CertificateDialog />}
    </Suspense>
  );
}
