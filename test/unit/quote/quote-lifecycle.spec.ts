import { Module, type INestApplicationContext } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { DataSource } from 'typeorm';
import { toolContext } from '../../../scripts/tool-context';
import { dataSourceOptions } from '../../../src/database/data-source-options';
import { QuoteLifecycle } from '../../../src/modules/quote/quote-lifecycle.service';
import { newQuoteReference } from '../../../src/modules/quote/quote-reference';
import { QuoteRepository, type OwnedQuote, type QuoteRow } from '../../../src/modules/quote/quote.repository';
import { savedLicenses } from '../../../src/shared/quote/application-identification';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { createTestDatabase } from '../../support/test-database';
import { identificationFor } from '../../support/vin-for';
import type { Clock } from '../../../src/common/clock/clock';
import type { QuotePricingService } from '../../../src/modules/quote/quote-pricing.service';
import type { Application } from '../../../src/shared/quote/application-model';
import type { PolicyPrice, QuoteAnswers } from '../../../src/shared/quote/quote-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The rules QuoteLifecycle's intents own (which change resets the coverage confirmation, when the
// quote's and the policy's prices are made again, the purchase's hold), on a real PostgreSQL with
// the migrated schema. The rating engine is a stub that counts its calls and gives a new price
// each time, so "priced again" is seen in the row; the engine itself is tested in ./rating.

jest.setTimeout(30_000);

const NOW = new Date('2026-11-20T18:00:00Z');
const clock: Clock = { now: () => NOW };
const COVERAGE = { liability: '25/50/15', choices: {} } as never;
const FULL = { liability: '100/300/100', choices: {} } as never;

/** A policy price whose rates are `cents`. */
const policyPrice = (cents: number): PolicyPrice => ({ rateVersion: 'v1', state: 'AZ', baseRateCents: cents, vehicles: [], dailyCapMiles: 150 });

let priced = 0;
/** A version of the migrated rate tables (a quote's price names one). */
let rateVersion = '';
const pricing = {
  eligibleState: jest.fn(async (zip: string) => ({ state: zip.startsWith('85') ? 'AZ' : 'OR', table: {} })),
  packageCoverage: jest.fn(async (pkg: string) => (pkg === 'full' ? FULL : COVERAGE)),
  normalizeCoverage: jest.fn(async (coverage: unknown) => coverage),
  requireLawfulCoverage: jest.fn(async () => undefined),
  price: jest.fn(async () => ({ rateVersion, state: 'AZ', baseRateCents: 5000 + ++priced, perMileRateMills: 80, breakdown: [], dailyCapMiles: 150 })),
  pricePolicy: jest.fn(async () => policyPrice(7000 + ++priced)),
};

const ANSWERS = GOOD_ANSWERS as unknown as QuoteAnswers;
const identification = identificationFor(GOOD_ANSWERS);
/** Every section of the application done, for the fixtures' driver and car (the car's VIN on the quote). */
const DONE: { answers: QuoteAnswers; application: Application } = {
  answers: { ...ANSWERS, vehicle: { ...ANSWERS.vehicle!, vin: identification.vehicles[0].vin } },
  application: {
    address: { line1: '120 W Washington St', city: 'Phoenix', state: 'AZ', zip: '85004' },
    drivers: [],
    vehicles: [],
    identification: { licenses: savedLicenses(identification, ANSWERS, { drivers: [], vehicles: [] }) },
    history: { priorInsurance: 'over-3-years' },
  },
};

/** The quotes table's repository as the server builds it: over the request context's transaction host. */
@Module({ providers: [QuoteRepository], exports: [QuoteRepository] })
class QuoteTableModule {}

describe('QuoteLifecycle', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let context: INestApplicationContext;
  let repository: QuoteRepository;
  let txHost: TransactionHost<TransactionalAdapterTypeOrm>;
  let sut: QuoteLifecycle;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource(dataSourceOptions(database.url));
    await dataSource.initialize();
    context = await toolContext(dataSource, [QuoteTableModule]);
    repository = context.get(QuoteRepository);
    txHost = context.get<TransactionHost<TransactionalAdapterTypeOrm>>(TransactionHost);
    sut = new QuoteLifecycle(repository, pricing as unknown as QuotePricingService, clock);
    const users = await dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, role, locale) VALUES ('lifecycle-a@example.com', 'customer', 'en-US'), ('lifecycle-b@example.com', 'customer', 'en-US') RETURNING id`,
    );
    [userId, otherUserId] = users.map((u) => u.id);
    [{ version: rateVersion }] = await dataSource.query<{ version: string }[]>(`SELECT version FROM rate_tables ORDER BY effective_from LIMIT 1`);
  });

  afterAll(async () => {
    await context?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(() => jest.clearAllMocks());

  type Stage = 'quote' | 'application' | 'products' | 'coverage' | 'payment';

  /** An account's quote at `stage`: answered, the application done, a package chosen, the coverage confirmed, as far as it goes. */
  async function quoteAt(stage: Stage, owner = userId): Promise<OwnedQuote> {
    const { id } = await repository.create({ reference: newQuoteReference(), owner: { userId: owner }, locale: 'en-US' });
    const upTo = (s: Stage) =>
      ['quote', 'application', 'products', 'coverage', 'payment'].indexOf(stage) >= ['quote', 'application', 'products', 'coverage', 'payment'].indexOf(s);
    const answers = stage === 'quote' ? { zip: ANSWERS.zip } : upTo('products') ? DONE.answers : ANSWERS;
    await dataSource.query(
      `UPDATE quotes SET answers = $2, zip = $3, state = 'AZ', coverage = $4, application = $5, package_chosen_at = $6,
         coverage_confirmed_at = $7, policy_price = $8 WHERE id = $1`,
      [
        id,
        answers,
        ANSWERS.zip,
        COVERAGE,
        upTo('products') ? DONE.application : {},
        upTo('coverage') ? NOW : null,
        upTo('payment') ? NOW : null,
        upTo('products') ? policyPrice(7000) : null,
      ],
    );
    return (await sut.findOwned(id, owner))!;
  }

  const read = async (quote: Pick<QuoteRow, 'id' | 'userId'>) => (await sut.find(quote.id, { userId: quote.userId! }))!;

  describe('the steps after the quote', () => {
    it('resets the coverage confirmation and prices the policy again when a section of the application is saved', async () => {
      const quote = await quoteAt('payment');
      const saved = await sut.saveSection(quote.id, { userId }, (row) => ({
        application: { ...row.application, history: { priorInsurance: 'none' } },
      }));
      expect(saved.application.history).toEqual({ priorInsurance: 'none' });
      expect(saved.coverageConfirmedAt).toBeNull();
      expect(saved.packageChosenAt).toEqual(NOW);
      expect(pricing.pricePolicy).toHaveBeenCalledTimes(1);
      expect(saved.policyPrice!.baseRateCents).not.toBe(7000);
      // The quote's own price (of /quote) is not the application's to change.
      expect(pricing.price).not.toHaveBeenCalled();
    });

    it('leaves the policy unpriced while the application is not done', async () => {
      const quote = await quoteAt('application');
      const saved = await sut.saveSection(quote.id, { userId }, (row) => ({ application: { ...row.application, drivers: [] } }));
      expect(saved.application.drivers).toEqual([]);
      expect(saved.policyPrice).toBeNull();
      expect(pricing.pricePolicy).not.toHaveBeenCalled();
    });

    it('resets the confirmation and prices again when a package or the coverage is chosen; only confirming sets it', async () => {
      const quote = await quoteAt('payment');
      const chosen = await sut.choosePackage(quote.id, { userId }, 'full');
      expect(chosen).toMatchObject({ coveragePackage: 'full', coverage: FULL, coverageConfirmedAt: null, packageChosenAt: NOW });
      const changed = await sut.chooseCoverage(quote.id, { userId }, COVERAGE);
      expect(changed).toMatchObject({ coverage: COVERAGE, coverageConfirmedAt: null });
      const confirmed = await sut.confirmCoverage(quote.id, { userId });
      expect(confirmed.coverageConfirmedAt).toEqual(NOW);
      expect(pricing.requireLawfulCoverage).toHaveBeenCalledTimes(1);
      expect(pricing.pricePolicy).toHaveBeenCalledTimes(3);
      expect(new Set([chosen, changed, confirmed].map((row) => row.policyPrice!.baseRateCents)).size).toBe(3);
    });

    it('refuses a step before the steps it follows (OUT_OF_ORDER) and a closed quote (QUOTE_CLOSED), writing nothing', async () => {
      const early = await quoteAt('quote');
      await expect(sut.saveSection(early.id, { userId }, (row) => ({ application: row.application }))).rejects.toMatchObject({
        code: 'OUT_OF_ORDER',
        extra: { step: 'quote' },
      });
      const atApplication = await quoteAt('application');
      await expect(sut.choosePackage(atApplication.id, { userId }, 'full')).rejects.toMatchObject({ code: 'OUT_OF_ORDER', extra: { step: 'application' } });
      await expect(sut.confirmCoverage(atApplication.id, { userId })).rejects.toMatchObject({ code: 'OUT_OF_ORDER' });
      const bought = await quoteAt('payment');
      await txHost.withTransaction(() => sut.markPurchased(bought.id));
      await expect(sut.chooseCoverage(bought.id, { userId }, COVERAGE)).rejects.toMatchObject({ code: 'QUOTE_CLOSED' });
      expect((await read(bought)).coverageConfirmedAt).toEqual(NOW);
      expect(pricing.pricePolicy).not.toHaveBeenCalled();
    });

    it("answers 404 for another owner's quote", async () => {
      const quote = await quoteAt('payment', otherUserId);
      await expect(sut.confirmCoverage(quote.id, { userId })).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      expect(await sut.findOwned(quote.id, userId)).toBeUndefined();
    });
  });

  describe("/quote's answers", () => {
    it("price the quote again and keep the coverage confirmation and the policy's price", async () => {
      const quote = await quoteAt('payment');
      const saved = await sut.saveAnswers(quote.id, { userId }, (row) => ({ answers: { ...row.answers, milesPerMonth: 900 }, zipGiven: false }));
      expect(saved.answers.milesPerMonth).toBe(900);
      expect(pricing.price).toHaveBeenCalledTimes(1);
      expect(saved.baseRateCents).toBe(5000 + priced);
      expect(saved.pricedAt).toEqual(NOW);
      expect(saved).toMatchObject({ coverageConfirmedAt: NOW, policyPrice: policyPrice(7000) });
      expect(pricing.pricePolicy).not.toHaveBeenCalled();
      // The same ZIP, not given again: its state is not looked up.
      expect(pricing.eligibleState).not.toHaveBeenCalled();
    });

    it("check a given ZIP's state again, and start the coverage again (to be confirmed again) only when the state changes", async () => {
      const quote = await quoteAt('payment');
      await sut.saveAnswers(quote.id, { userId }, (row) => ({ answers: row.answers, zipGiven: true }));
      expect(pricing.eligibleState).toHaveBeenCalledTimes(1);
      expect(pricing.packageCoverage).not.toHaveBeenCalled();
      expect((await read(quote)).coverageConfirmedAt).toEqual(NOW);
      const moved = await sut.saveAnswers(quote.id, { userId }, (row) => ({ answers: { ...row.answers, zip: '97201' }, zipGiven: true }));
      expect(moved).toMatchObject({ zip: '97201', state: 'OR', coverage: COVERAGE, coverageConfirmedAt: null });
      expect(pricing.packageCoverage).toHaveBeenCalledTimes(1);
    });

    it('leave the quote unpriced until the answers are enough to rate', async () => {
      const quote = await quoteAt('quote');
      const saved = await sut.saveAnswers(quote.id, { userId }, (row) => ({ answers: { ...row.answers, milesPerMonth: 300 }, zipGiven: false }));
      expect(saved.baseRateCents).toBeNull();
      expect(pricing.price).not.toHaveBeenCalled();
    });

    it('are refused by `admit` before anything is written, and on a closed quote', async () => {
      const quote = await quoteAt('application');
      const refusal = new Error('not licensed');
      await expect(
        sut.saveAnswers(
          quote.id,
          { userId },
          (row) => ({ answers: { ...row.answers, milesPerMonth: 1 }, zipGiven: false }),
          async () => {
            throw refusal;
          },
        ),
      ).rejects.toBe(refusal);
      expect((await read(quote)).answers.milesPerMonth).toBe(600);
      await txHost.withTransaction(() => sut.markPurchased(quote.id));
      await expect(sut.saveAnswers(quote.id, { userId }, (row) => ({ answers: row.answers, zipGiven: false }))).rejects.toMatchObject({ code: 'QUOTE_CLOSED' });
    });

    it('the e-mail changes nothing else', async () => {
      const quote = await quoteAt('payment');
      const saved = await sut.saveEmail(quote.id, { userId }, 'ana@example.com');
      expect(saved.answers.email).toBe('ana@example.com');
      expect(saved).toMatchObject({ coverageConfirmedAt: NOW, policyPrice: policyPrice(7000), baseRateCents: quote.baseRateCents });
      expect(pricing.price).not.toHaveBeenCalled();
      expect(pricing.pricePolicy).not.toHaveBeenCalled();
    });
  });

  describe('the purchase', () => {
    it('keeps the confirmed price when the rates are the same, and writes nothing', async () => {
      const quote = await quoteAt('payment');
      pricing.pricePolicy.mockResolvedValueOnce(policyPrice(7000));
      expect(await sut.repriceForPurchase(quote)).toEqual({ changed: false, price: quote.policyPrice });
      expect((await read(quote)).updatedAt).toEqual(quote.updatedAt);
    });

    it('writes a new price with the confirmation reset when the rates changed', async () => {
      const quote = await quoteAt('payment');
      pricing.pricePolicy.mockResolvedValueOnce(policyPrice(7100));
      expect(await sut.repriceForPurchase(quote)).toEqual({ changed: true, price: policyPrice(7100) });
      expect(await read(quote)).toMatchObject({ coverageConfirmedAt: null, policyPrice: policyPrice(7100) });
    });

    it('sends a quote whose coverage the rules now refuse back to the coverage page', async () => {
      const quote = await quoteAt('payment');
      await sut.requireLawfulForPurchase(quote);
      expect((await read(quote)).coverageConfirmedAt).toEqual(NOW);
      const refusal = new Error('below the state rules');
      pricing.requireLawfulCoverage.mockRejectedValueOnce(refusal);
      await expect(sut.requireLawfulForPurchase(quote)).rejects.toBe(refusal);
      expect((await read(quote)).coverageConfirmedAt).toBeNull();
    });

    it('holds a quote for one attempt at a time, lets go only for the attempt that holds it, and never holds a bought quote', async () => {
      const quote = await quoteAt('payment');
      const [first, second] = await dataSource.query<{ id: string }[]>(
        `INSERT INTO purchase_requests (user_id, idempotency_key, request_hash, quote_id, status)
         VALUES ($1, 'first-key', 'h', $2, 'started'), ($1, 'second-key', 'h', $2, 'started') RETURNING id`,
        [userId, quote.id],
      );
      expect(await sut.hold(quote, first.id)).toBe(true);
      // The same attempt asked again keeps it; another waits.
      expect(await sut.hold(quote, first.id)).toBe(true);
      expect(await sut.hold(quote, second.id)).toBe(false);
      await sut.release(quote, second.id);
      expect(await sut.hold(quote, second.id)).toBe(false);
      await sut.release(quote, first.id);
      expect(await sut.hold(quote, second.id)).toBe(true);
      // Another account's hold on it is no hold at all.
      expect(await sut.hold({ ...quote, userId: otherUserId }, first.id)).toBe(false);
      await txHost.withTransaction(async () => {
        const locked = await sut.lockForPurchase(quote);
        expect(locked).toMatchObject({ id: quote.id, userId, status: 'open' });
        await sut.markPurchased(quote.id);
      });
      await sut.release(quote, second.id);
      expect(await sut.hold(quote, first.id)).toBe(false);
      expect((await read(quote)).status).toBe('purchased');
    });
  });
});
