import { auditActionName } from '../../../../shared/audit/audit-actions';
import type { TFunction } from 'i18next';

/** An audit action as the admin reads it, in their language (admin.json's `auditActions`); its code when it has no name. */
export function auditActionText(t: TFunction, action: string): string {
  const name = auditActionName(action);
  return name ? t(`auditActions.${name.key}`, { detail: name.detail, defaultValue: action }) : action;
}
