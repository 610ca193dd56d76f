import { VERIFY_PATH } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { DocumentCheckPage } from '../../../shared/ui/DocumentCheck';
import { checkProof } from '../api';

const T = tDim.check;

/**
 * /m/proof-check/:code — 验真 of a departure proof (issue 30): the shared 验真 page with what the
 * paper states of the person (the name masked, no ID number) before the four items of art. 24.
 */
export function ProofCheckPage({ code }: { code: string }) {
  return <DocumentCheckPage code={code} path={VERIFY_PATH} texts={T} check={checkProof} lead={(d) => [{ key: 'name', label: T.name, value: d.name_mask }]} />;
}
