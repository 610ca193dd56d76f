import { Fragment, useEffect, useState } from 'react';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { CompanyInfo } from '../../../../contract';
import { recruitDialogs } from '../../../shared/dialogs/recruit';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { loadCompany } from '../api';
import { useDialogStyles } from './styles';

const useStyles = makeStyles({
  surface: { width: '640px', maxWidth: 'calc(100vw - 32px)' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
});

/** 企业信息 (SPEC §3 company info), from `index/company/{id}`. */
export function CompanyInfoDialog() {
  const s = useStyles();
  const d = useDialogStyles();
  const { company } = useSnapshot(recruitDialogs);
  const [info, setInfo] = useState<CompanyInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (company === null) return;
    let alive = true;
    setInfo(null);
    setFailed(false);
    loadCompany(company).then(
      (x) => alive && setInfo(x),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [company]);
  const close = () => (recruitDialogs.company = null);
  const rows: [string, string][] = info
    ? [
        [tRecruit.company.creditcode, info.creditcode],
        [tRecruit.company.represent, info.represent],
        [tRecruit.company.registered, info.registered],
        [tRecruit.company.regStatus, info.reg_status],
        [tRecruit.company.expire, info.busniss_expire],
        [tRecruit.company.industry, info.bussiness_industry],
        [tRecruit.company.staff, info.staff_num_range],
        [tRecruit.company.address, info.address],
        [tRecruit.company.scope, info.business_scope],
      ]
    : [];
  return (
    <Dialog open={company !== null} onOpenChange={(_, x) => !x.open && close()}>
      <DialogSurface className={s.surface} data-testid="company-dialog" aria-label={tRecruit.company.title}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={tRecruit.company.close} onClick={close} />}>
            {tRecruit.company.title}
          </DialogTitle>
          <DialogContent>
            {failed ? (
              <div className={d.center}>{tRecruit.company.loadFailed}</div>
            ) : !info ? (
              <div className={d.center}>
                <Spinner size="small" label={t.state.loading} />
              </div>
            ) : (
              <>
                <div className={s.head}>
                  <Avatar shape="square" size={48} name={info.company_name} image={info.logo ? { src: info.logo } : undefined} color="brand" />
                  <Text size={500} weight="semibold">
                    {info.company_name}
                  </Text>
                </div>
                <dl className={s.list}>
                  {rows.map(([k, v]) => (
                    <Fragment key={k}>
                      <dt className={d.term}>{k}</dt>
                      <dd className={d.def}>{v || tRecruit.resume.none}</dd>
                    </Fragment>
                  ))}
                  <dt className={d.term}>{tRecruit.company.website}</dt>
                  <dd className={d.def}>
                    {info.website_link ? (
                      <Link href={info.website_link} target="_blank" rel="noopener noreferrer">
                        {info.website_link}
                      </Link>
                    ) : (
                      tRecruit.resume.none
                    )}
                  </dd>
                </dl>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {tRecruit.company.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
