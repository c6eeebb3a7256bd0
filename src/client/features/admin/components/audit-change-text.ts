import { DOLLAR_FIELDS, type AuditChange, type AuditValue } from '../../../../shared/audit/audit-changes';
import type { TFunction } from 'i18next';

/** One side of a change as the admin reads it: amounts as money, codes by their names, none as "none". */
function valueText(t: TFunction, locale: string, field: AuditChange['field'], value: AuditValue): string {
  if (value === null || value === '') return t('auditChanges.values.none');
  if (typeof value === 'boolean') return t(value ? 'auditChanges.values.yes' : 'auditChanges.values.no');
  const money = (dollars: number, digits: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(dollars);
  if (typeof value === 'number' && field === 'baseRate') return money(value / 100, 2);
  if (typeof value === 'number' && DOLLAR_FIELDS.includes(field)) return money(value, 0);
  return t(`auditChanges.values.${String(value)}`, { defaultValue: String(value) });
}

/** "Collision deductible: $500 → $1,000", in the reader's language. */
export function auditChangeText(t: TFunction, locale: string, change: AuditChange): string {
  return t('auditChanges.change', {
    field: t(`auditChanges.fields.${change.field}`),
    before: valueText(t, locale, change.field, change.before),
    after: valueText(t, locale, change.field, change.after),
    interpolation: { escapeValue: false },
  });
}
