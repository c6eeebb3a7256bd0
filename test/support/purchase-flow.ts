import { randomUUID } from 'node:crypto';
import { CHOICE_ANSWERS, REJECTABLE_COVERAGES, questionsAsked, type Coverage, type StateRules } from '../../src/shared/quote/coverage-model';
import { dayFromToday, GOOD_ANSWERS } from './quote-fixtures';
import { identificationFor } from './vin-for';
import type { browserLike } from './sign-in';

type Client = ReturnType<typeof browserLike>;

export const ADDRESS = { line1: '120 W Washington St', line2: 'Apt 4', city: 'Phoenix' };
export const SECOND_CAR = { year: 2016, make: 'Toyota', model: 'RAV4' };
export const SPOUSE = {
  relationship: 'spouse',
  firstName: 'Luis',
  lastName: 'García',
  birthDate: '1986-02-20',
  gender: 'male',
  yearsLicensed: 20,
  incidents: [],
};

/** A complete quote (every step of /quote answered) for a signed-in client: its id. */
export async function completeQuote(client: Client, answers: object = GOOD_ANSWERS): Promise<string> {
  const created = await client.post('/api/quotes').send(answers).expect(201);
  return created.body.payload.id;
}

type Household = { drivers?: object[]; vehicles?: { year: number; make: string; vin?: string }[] };

/** The application's sections up to the cars (address, drivers, cars), on a complete quote: its id. */
export async function upToIdentification(client: Client, options: Household = {}): Promise<string> {
  const id = await completeQuote(client);
  await client.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(200);
  await client
    .put(`/api/quotes/${id}/application/drivers`)
    .send({ drivers: options.drivers ?? [] })
    .expect(200);
  await client
    .put(`/api/quotes/${id}/application/vehicles`)
    .send({ vehicles: options.vehicles ?? [] })
    .expect(200);
  return id;
}

/** The identification section done: a VIN for each car, an Arizona license for each driver. */
export async function identify(
  client: Client,
  id: string,
  household: Household = {},
  quoted: { vehicle: { year: number; make: string } } = GOOD_ANSWERS,
): Promise<void> {
  await client.put(`/api/quotes/${id}/application/identification`).send(identificationFor(quoted, household)).expect(200);
}

/** A quote through the application (address, drivers, cars, VINs and licenses, history): ready for products. */
export async function throughApplication(client: Client, options: Household = {}): Promise<string> {
  const id = await upToIdentification(client, options);
  await identify(client, id, options);
  await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years', currentCarrier: 'Acme Mutual' }).expect(200);
  return id;
}

/**
 * The answers of a customer who keeps the coverage as it stands: select what it has, reject what
 * it lacks, and the first answer of any other question (full tort, unstacked, lower uninsured
 * motorist limits requested: the server keeps that one only where it is asked). Plain data, so
 * that it can be sent into a page (`prepareQuote`).
 */
export const STANDING_ANSWERS = {
  rejectable: [...REJECTABLE_COVERAGES] as string[],
  others: Object.fromEntries(Object.entries(CHOICE_ANSWERS).map(([key, answers]) => [key, answers[0]])) as Record<string, string>,
};

export function standingChoices(questions: string[], coverage: Record<string, unknown>, answers = STANDING_ANSWERS): Record<string, string> {
  return Object.fromEntries(
    questions.map((key) => [
      key,
      !answers.rejectable.includes(key) ? answers.others[key] : coverage[key] === null || coverage[key] === undefined ? 'reject' : 'select',
    ]),
  );
}

/** The coverage page's questions of the quote's state answered as the coverage stands (`standingChoices`). */
export async function answerStateChoices(client: Client, id: string): Promise<void> {
  const { rules } = (await client.get(`/api/quotes/${id}/packages`).expect(200)).body.payload as { rules: StateRules };
  const { coverage } = (await client.get(`/api/quotes/${id}`).expect(200)).body.payload as { coverage: Coverage };
  const asked = questionsAsked(rules, coverage);
  if (!asked.length) return;
  const choices = standingChoices(asked, coverage as unknown as Record<string, unknown>);
  await client
    .put(`/api/quotes/${id}/coverage`)
    .send({ ...coverage, choices })
    .expect(200);
}

/** The coverage confirmed, the state's questions answered first: the quote's view. */
export async function confirmCoverage(client: Client, id: string) {
  await answerStateChoices(client, id);
  return (await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(200)).body.payload;
}

/** A quote ready to pay: through the application, a package chosen and its coverage confirmed. */
export async function readyToPay(client: Client, pkg = 'standard', application: Household = {}): Promise<string> {
  const id = await throughApplication(client, application);
  await client.put(`/api/quotes/${id}/package`).send({ package: pkg }).expect(200);
  await confirmCoverage(client, id);
  return id;
}

/** A sandbox card token for the client, as CardEntry makes one in the browser. */
export async function cardToken(client: Client, number = '4242 4242 4242 4242'): Promise<string> {
  const card = { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };
  return (await client.post('/api/payments/sandbox/tokens').send(card).expect(201)).body.payload.token;
}

/**
 * Staff's side of the payment page, for the customer they act for: the card, saved, and a start date; no terms and no
 * signature, which the customer gives when confirming. POST /api/policies's answer (201): the policy waits for the customer.
 */
export async function staffSale(staff: Client, quoteId: string, cardNumber?: string) {
  return staff
    .post('/api/policies')
    .set('Idempotency-Key', randomUUID())
    .send({ quoteId, paymentToken: await cardToken(staff, cardNumber), startDate: dayFromToday(2) })
    .expect(201);
}

/** Staff start acting for `email` and sell them a policy that waits for their confirmation (staffSale's answer); they are still acting for them after. */
export async function sellOnBehalf(staff: Client, email: string, cardNumber?: string) {
  await staff.post('/api/agent/on-behalf').send({ email }).expect(200);
  return staffSale(staff, await readyToPay(staff), cardNumber);
}

/**
 * Runs `attempt` with the in-process app's purchase made to fail after the charge, before its
 * policy commits (PURCHASE_FAULT=fail-before-commit), and the fault removed after, even on failure.
 */
export async function withPurchaseFault<T>(attempt: () => Promise<T>): Promise<T> {
  process.env.PURCHASE_FAULT = 'fail-before-commit';
  try {
    return await attempt();
  } finally {
    delete process.env.PURCHASE_FAULT;
  }
}

/** The customer's side of the payment page: what POST /api/policies carries. */
export function purchaseBody(quoteId: string, paymentToken: string, overrides: object = {}) {
  return { quoteId, paymentToken, startDate: dayFromToday(1), agreeToTerms: true, signatureName: 'Ana García', ...overrides };
}

/** The quote bought with the sandbox's good card, as the payment page buys it: POST /api/policies's answer (201). */
export async function buyQuote(client: Client, quoteId: string) {
  return client
    .post('/api/policies')
    .set('Idempotency-Key', randomUUID())
    .send(purchaseBody(quoteId, await cardToken(client)))
    .expect(201);
}
