import { useState } from 'react';
import { formatDay } from '../../../../shared/format/money';
import { SelectField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { saveBillingDay, type BillingSummary } from '../api/billing-api';
import { OneFieldForm } from './one-field-form';
import type { News } from './news';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** The day of the month statements come on, the customer's choice from the next period on. */
export function BillingDayForm({ policyId, summary, onSaved }: { policyId: string; summary: BillingSummary; onSaved: (summary: BillingSummary) => void }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [day, setDay] = useState(String(summary.billingDay ?? ''));

  const onSubmit = async (): Promise<News> => {
    const saved = await saveBillingDay(policyId, Number(day));
    if (!saved.ok) return { kind: 'error', text: t(saved.failure.code === 'POLICY_NOT_ACTIVE' ? 'billing.billingDayNotActive' : 'billing.failed') };
    onSaved(saved.value);
    return { kind: 'ok', text: t('billing.billingDaySaved', { day: saved.value.billingDay }) };
  };

  return (
    <OneFieldForm submit={t('billing.saveBillingDay')} onSubmit={onSubmit}>
      <SelectField
        label={t('billing.billingDayLabel')}
        hint={t('billing.billingDayHint', { date: formatDay(summary.nextStatementDate ?? summary.period.to, locale) })}
        name="billingDay"
        value={day}
        onChange={(event) => setDay(event.target.value)}
      >
        {DAYS.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
    </OneFieldForm>
  );
}
