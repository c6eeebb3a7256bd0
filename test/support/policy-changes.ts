import type { Page } from 'playwright-core';

/** A driver added to a policy (a change's `driver`), with the incidents each test gives. */
export const ADDED_DRIVER = {
  firstName: 'Mateo',
  lastName: 'Ruiz',
  birthDate: '2004-05-01',
  relationship: 'child',
  yearsLicensed: 4,
  license: { state: 'AZ', number: 'D12345678' },
} as const;

/** What the profile's change form and price review say, in each locale. */
export const CHANGE_FORM_TEXTS = {
  'en-US': {
    kind: 'What do you want to change?',
    vin: 'VIN (17 characters)',
    year: 'Year',
    make: 'Make',
    model: 'Model',
    price: 'See the new price',
    review: 'Your new price',
    baseRate: 'Base rate a month',
    confirm: 'Confirm the change',
  },
  es: {
    kind: '¿Qué quieres cambiar?',
    vin: 'VIN (17 caracteres)',
    year: 'Año',
    make: 'Marca',
    model: 'Modelo',
    price: 'Ver el nuevo precio',
    review: 'Tu nuevo precio',
    baseRate: 'Tarifa base al mes',
    confirm: 'Confirmar el cambio',
  },
} as const;

/** A price as the page shows it ("$109.57") in cents. */
export const centsOf = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** The policy as the API answers the signed-in page. */
export const policyOf = (page: Page, id: string) =>
  page.evaluate(
    async (policyId) =>
      (await (await fetch(`/api/policies/${policyId}`)).json()).payload as {
        vehicles: { model: string }[];
        drivers: { firstName: string }[];
        baseRateCents: number;
      },
    id,
  );
