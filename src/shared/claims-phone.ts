/**
 * Where to report a claim or get roadside help, every hour of the year: printed on the ID card.
 * The same number as the Contact page (contact.json in each client locale); change both together.
 */
export const CLAIMS_PHONE = '1-800-555-0199';
