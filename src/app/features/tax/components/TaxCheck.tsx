import { TAX_VERIFY_PATH } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { DocumentCheckPage } from '../../../shared/ui/DocumentCheck';
import { checkTaxProof } from '../api';

/** /m/tax-check/:code — 验真 of a 完税证明 (issue 31): the shared 验真 page; the facts are the server's (no person). */
export function TaxCheckPage({ code }: { code: string }) {
  return <DocumentCheckPage code={code} path={TAX_VERIFY_PATH} texts={tTax.verify} check={checkTaxProof} testId="tax-proof-check" />;
}
