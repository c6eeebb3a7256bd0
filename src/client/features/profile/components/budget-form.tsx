import { useState } from 'react';
import { formatNumber } from '../../../../shared/format/money';
import { TextField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { saveBudget, type BillingSummary } from '../api/billing-api';
import { OneFieldForm } from './one-field-form';
import type { News } from './news';

/** The customer's own monthly mileage budget (empty for none); we e-mail at 80 % of it. */
export function BudgetForm({ policyId, summary, onSaved }: { policyId: string; summary: BillingSummary; onSaved: (summary: BillingSummary) => void }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [budget, setBudget] = useState(summary.budget ? String(summary.budget.miles) : '');

  const onSubmit = async (): Promise<News> => {
    const miles = budget.trim() === '' ? null : Number(budget);
    if (miles !== null && (!Number.isInteger(miles) || miles < 1 || miles > 10_000)) return { kind: 'error', text: t('billing.budgetInvalid') };
    const saved = await saveBudget(policyId, miles);
    if (!saved.ok) return { kind: 'error', text: t('billing.failed') };
    onSaved(saved.value);
    return { kind: 'ok', text: miles === null ? t('billing.budgetRemoved') : t('billing.budgetSaved', { miles: formatNumber(miles, locale) }) };
  };

  return (
    <OneFieldForm submit={t('billing.saveBudget')} onSubmit={onSubmit}>
      <TextField
        label={t('billing.budgetLabel')}
        hint={t('billing.budgetHint')}
        name="budget"
        inputMode="numeric"
        value={budget}
        onChange={(event) => setBudget(event.target.value)}
      />
    </OneFieldForm>
  );
}
