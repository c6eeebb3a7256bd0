import { ADDRESS, STANDING_ANSWERS } from './purchase-flow';
import { GOOD_ANSWERS } from './quote-fixtures';
import { identificationFor } from './vin-for';
import type { Page } from 'playwright-core';

/**
 * Through the API, as the page's own session: a complete quote for whoever the page is signed
 * in as (or acts for), taken up to `step`, so the pages of the purchase can be visited ('identification':
 * the application's sections before it are done); `vehicles` are cars beyond the quote's own.
 */
export async function prepareQuote(
  page: Page,
  step: 'application' | 'identification' | 'payment' = 'payment',
  vehicles: { year: number; make: string; vin?: string }[] = [],
): Promise<string> {
  return page.evaluate(
    async ({ answers, address, step, vehicles, identification, standing }) => {
      const call = async (method: string, path: string, body: object) => {
        const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const { payload } = await call('POST', '/api/quotes', answers);
      if (step !== 'application') {
        await call('PUT', `/api/quotes/${payload.id}/application/address`, address);
        await call('PUT', `/api/quotes/${payload.id}/application/drivers`, { drivers: [] });
        await call('PUT', `/api/quotes/${payload.id}/application/vehicles`, { vehicles });
      }
      if (step === 'payment') {
        await call('PUT', `/api/quotes/${payload.id}/application/identification`, identification);
        await call('PUT', `/api/quotes/${payload.id}/application/history`, { priorInsurance: 'over-3-years' });
        const chosen = await call('PUT', `/api/quotes/${payload.id}/package`, { package: 'standard' });
        // The state's questions, answered as the package stands (purchase-flow's standingChoices,
        // which cannot be called inside the page); Illinois' and Oregon's request for lower
        // uninsured motorist limits is answered too, and kept by the server only where it applies.
        const { rules } = (await (await fetch(`/api/quotes/${payload.id}/packages`)).json()).payload;
        const coverage = chosen.payload.coverage;
        const answer = (key: string) => (!standing.rejectable.includes(key) ? standing.others[key] : coverage[key] === null ? 'reject' : 'select');
        const choices = Object.fromEntries(rules.choices.map((key: string) => [key, answer(key)]));
        await call('PUT', `/api/quotes/${payload.id}/coverage`, { ...coverage, choices });
        await call('POST', `/api/quotes/${payload.id}/coverage/confirm`, {});
      }
      return payload.id as string;
    },
    { answers: GOOD_ANSWERS, address: ADDRESS, step, vehicles, identification: identificationFor(GOOD_ANSWERS, { vehicles }), standing: STANDING_ANSWERS },
  );
}
