import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { statusColor, TAX_SERVICE_COLORS } from '../../../shared/ui/status-colors';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, useCan, useLacks } from '../../../shared/session';
import { NoAccess } from '../../../shared/ui/Gated';
import { applyService, loadService } from '../api';
import { Fields } from './Fields';
import { useTaxStyles } from './styles';

type Service = DataOf<'taxService'>;

/**
 * 开通完税服务: the agreement and the company's tax data (纳税人识别号 = the credit code, 主管税务机关,
 * contact). Without the flag it is the application (the platform decides in its operator page);
 * with it, the same data stay editable. Shown on /payTaxes/auth and on /account?id=tax.
 */
export function ServicePanel() {
  // reading the service is 财务's, applying the admins' (issue 27)
  return useLacks()('finance') ? <NoAccess perm="finance" /> : <Service />;
}

function Service() {
  const s = useTaxStyles();
  const [, navigate] = useLocation();
  const admin = useCan()('admin');
  const [svc, setSvc] = useState<Service | null>(null);
  const [failed, setFailed] = useState(false);
  const [f, setF] = useState({ tax_office: '', contact_name: '', contact_phone: '' });
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    loadService().then(
      (d) => {
        setSvc(d);
        setF({ tax_office: d.tax_office, contact_name: d.contact_name, contact_phone: '' });
        setAgree(d.status === 'approved');
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);

  if (failed)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{tTax.service.needAdmin}</MessageBarBody>
      </MessageBar>
    );
  if (!svc)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );

  const open = svc.status === 'approved' && svc.is_pay_taxe;
  const locked = svc.status === 'pending' || !admin;
  const submit = async () => {
    if (busy) return;
    const m = tTax.service.problems;
    const problemText = !f.tax_office.trim()
      ? m.office
      : !f.contact_name.trim()
        ? m.contact
        : !/^1[3-9]\d{9}$/.test(f.contact_phone.trim())
          ? m.phone
          : !agree
            ? m.agree
            : null;
    setProblem(problemText);
    if (problemText) return;
    setBusy(true);
    try {
      const r = await applyService({ tax_office: f.tax_office.trim(), contact_name: f.contact_name.trim(), contact_phone: f.contact_phone.trim(), agree: '1' });
      toastSuccess(r.msg);
      setSvc(r.data);
      void refreshSession().catch(() => {});
    } catch {
      // told by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={s.panel} data-testid="tax-service">
      <div className={s.head}>
        <Text as="h2" size={500} weight="semibold">
          {tTax.service.title}
        </Text>
        <Badge appearance="tint" color={statusColor(TAX_SERVICE_COLORS, svc.status)} data-testid="tax-service-status">
          {tTax.service.status[svc.status]}
        </Badge>
      </div>
      <div className={s.form}>
        {svc.status === 'none' && <Text className={s.muted}>{tTax.service.howTo}</Text>}
        {svc.status === 'pending' && (
          <MessageBar intent="warning">
            <MessageBarBody>{tTax.service.pendingHint(svc.applied_at)}</MessageBarBody>
          </MessageBar>
        )}
        {svc.status === 'rejected' && (
          <MessageBar intent="error">
            <MessageBarBody>{tTax.service.rejectedHint(svc.reject_reason)}</MessageBarBody>
          </MessageBar>
        )}
        {open && (
          <MessageBar intent="success">
            <MessageBarBody>
              {tTax.service.approvedHint}{' '}
              <Button appearance="transparent" size="small" onClick={() => navigate('/payTaxes/list')}>
                {tTax.service.toList}
              </Button>
            </MessageBarBody>
          </MessageBar>
        )}
        <div>
          <h3 className={s.sectionTitle}>{tTax.service.agreementTitle}</h3>
          <div className={s.agreement}>
            {tTax.service.agreement.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <div>
          <h3 className={s.sectionTitle}>{tTax.service.data}</h3>
          <Fields
            items={[
              [tTax.service.companyName, svc.company_name],
              [
                tTax.service.taxNo,
                <span key="n">
                  {svc.tax_no} <span className={s.small}>（{tTax.service.taxNoHint}）</span>
                </span>,
              ],
            ]}
          />
        </div>
        <div className={s.grid}>
          <Field label={tTax.service.taxOffice} required>
            <Input
              value={f.tax_office}
              maxLength={60}
              placeholder={tTax.service.taxOfficePh}
              disabled={locked}
              onChange={(_, d) => setF({ ...f, tax_office: d.value })}
              data-testid="tax-office"
            />
          </Field>
          <Field label={tTax.service.contactName} required>
            <Input
              value={f.contact_name}
              maxLength={40}
              disabled={locked}
              onChange={(_, d) => setF({ ...f, contact_name: d.value })}
              data-testid="tax-contact"
            />
          </Field>
          <Field label={tTax.service.contactPhone} required hint={svc.contact_phone ? tTax.service.current(svc.contact_phone) : undefined}>
            <Input
              value={f.contact_phone}
              maxLength={11}
              inputMode="numeric"
              disabled={locked}
              onChange={(_, d) => setF({ ...f, contact_phone: d.value.replace(/\D/g, '') })}
              data-testid="tax-phone"
            />
          </Field>
        </div>
        {!admin && <Text className={s.muted}>{tTax.service.needAdmin}</Text>}
        {!locked && (
          <>
            <Checkbox checked={agree} onChange={(_, d) => setAgree(d.checked === true)} label={tTax.service.agree} data-testid="tax-agree" />
            {problem && (
              <MessageBar intent="error">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <div className={s.footer}>
              <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="tax-service-submit">
                {open ? tTax.service.save : tTax.service.apply}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
