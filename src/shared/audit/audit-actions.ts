/**
 * The audit log's actions, for the admin screen's names (admin.json's `auditActions`, in both
 * languages; audit-actions.spec.ts holds every name below to a text in each). An action made of
 * a family and a detail (policy.document.id-card, quote.package.plus) is named by its family.
 * An action missing here still shows, as its code.
 */
export const AUDIT_ACTIONS = [
  // Acting for a customer
  'on-behalf.start',
  'on-behalf.stop',
  'on-behalf.request',
  'on-behalf.read',
  'on-behalf.credential-refused',
  // Reads made for a customer, and staff screens' reads (issue 30, item 7)
  'account.read',
  'payment-method.read',
  'payments.history',
  'payments.receipt',
  'policy.list',
  'policy.read',
  'billing.read',
  'billing.reinstatement.read',
  'billing.statements',
  'billing.statement',
  'claim.list',
  'claim.read',
  'claim.photo',
  'claim.view',
  'claim.photo.view',
  'miles.read',
  'miles.trips',
  'miles.odometer.read',
  'miles.odometer.photo',
  'miles.disputes',
  'miles.dispute.photo',
  'miles.dispute.photo.view',
  'miles.reading.photo.view',
  'miles.locations.read',
  'proof-link.list',
  'household.read',
  'data-export.read',
  'data-export.download',
  'quote.read',
  // Changes made for a customer
  'account.update',
  'payment-method.replace',
  'quote.create',
  'quote.update',
  'quote.continue',
  'quote.application.address',
  'quote.application.drivers',
  'quote.application.vehicles',
  'quote.application.identification',
  'quote.application.history',
  'quote.coverage.change',
  'quote.coverage.confirm',
  'policy.purchase-for-customer',
  'policy.cancel',
  'policy.renewal.declined',
  'billing.pay',
  'policy.reinstate',
  'policy.agent-of-record.released',
  'policy.change.price',
  'billing.budget',
  'billing.day',
  'miles.odometer',
  'miles.dispute',
  'miles.trip.flag',
  // The customer's location choice and erasing kept locations (issue 27): by the customer or for them
  'miles.locations.choice',
  'miles.locations.erase',
  'claim.report',
  'claim.photo.add',
  'claim.status',
  'claim.message',
  // Share-proof links (issue 27): made and revoked by the customer or for them, and each view by whoever holds one
  'proof-link.create',
  'proof-link.revoke',
  'proof-link.view',
  // Privacy requests (issue 27): each opened by the customer or for them, with its 45-day clock
  'privacy.request.open',
  // A household (issue 27): invited, given another role and removed by the first named insured or for them, accepted and left by the member
  'household.invite',
  'household.accept',
  'household.revoke',
  'household.leave',
  'household.role',
  // The privacy requests' admin screen (issue 27): staff extend, deny or complete a request
  'privacy.request.extend',
  'privacy.request.deny',
  'privacy.request.complete',
  // Deleting an account (issue 27): the page read for the customer, each link mailed, the deletion done
  'account.deletion.read',
  'account.deletion.ask',
  'account.deletion.confirm',
  // Staff's own work
  'claim.message.reply',
  'miles.dispute.accept',
  'miles.dispute.reject',
  'agent.lookup',
  'session.revoke',
  'staff.add',
  'staff.deactivate',
  'staff.licence',
  'audit.export',
] as const;

/**
 * The reads: what a screen asks for by itself when staff open a customer's account or a claim
 * (issue 30, item 7). Each is still recorded (who looked at a customer's data is a security
 * record), but the admin screen lists them only when asked (issue 26: 22 of an agent's 39 rows
 * were these), so the actions staff took are what it shows first.
 */
export const AUDIT_READ_ACTIONS: readonly string[] = [
  'on-behalf.read',
  ...AUDIT_ACTIONS.slice(AUDIT_ACTIONS.indexOf('account.read'), AUDIT_ACTIONS.indexOf('quote.read') + 1),
];

/** Which entries the admin screen lists: the actions (its default), the reads, or both. */
export const AUDIT_KINDS = ['actions', 'reads', 'all'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Families whose last part is a detail: the name is the family's, with the detail after it. */
export const AUDIT_ACTION_FAMILIES = ['policy.document', 'policy.change', 'quote.package'] as const;

/** The key of an action's name under `auditActions` (i18next reads dots as nesting). */
export function auditActionKey(action: string): string {
  return action.replace(/\./g, '_');
}

/** The action's own name key, or its family's and the detail; undefined for an unknown action. */
export function auditActionName(action: string): { key: string; detail?: string } | undefined {
  if ((AUDIT_ACTIONS as readonly string[]).includes(action)) return { key: auditActionKey(action) };
  const family = AUDIT_ACTION_FAMILIES.find((f) => action.startsWith(`${f}.`));
  return family && { key: auditActionKey(family), detail: action.slice(family.length + 1) };
}
