import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { isoDay } from '../../shared/dates/iso-day';
import { stepAtOrAfter, type PurchaseStep } from '../../shared/quote/application-model';
import { isRatable, type CoveragePackage, type PolicyPrice, type QuoteAnswers } from '../../shared/quote/quote-model';
import { purchaseStepOf, requireStep } from './purchase-step';
import { QuotePricingService } from './quote-pricing.service';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import { changeOf, isOwnedBy, QuoteRepository, type OwnedQuote, type QuoteChange, type QuoteRow } from './quote.repository';
import { resolveVehicle } from './vehicle-resolver';
import type { QuoteOwner } from './quote-owner';
import type { Coverage } from './rating/rating-types';

/** What saving a section of the application changes: the application (and, for the identification, the VIN on the quote's car). */
export type SectionChange = Pick<QuoteChange, 'application'> & Partial<Pick<QuoteChange, 'answers'>>;

/** Answers as /quote saves them: the whole answers, and whether this save gave the ZIP (its state is then checked again, even unchanged). */
export interface AnswersSave {
  answers: QuoteAnswers;
  zipGiven: boolean;
}

/** A check that may refuse what new answers make of a quote (the state they put it in) before it is written. */
export type AdmitAnswers = (row: QuoteRow, next: { state: string | null }) => Promise<void>;

/** The policy's price at purchase: the one the customer confirmed, or a new one they must see before paying. */
export type PurchasePrice = { changed: false; price: PolicyPrice } | { changed: true; price: PolicyPrice };

function sameRates(a: PolicyPrice, b: PolicyPrice): boolean {
  const rates = (p: PolicyPrice) => JSON.stringify([p.rateVersion, p.baseRateCents, p.vehicles.map((v) => [v.baseRateCents, v.perMileRateMills])]);
  return rates(a) === rates(b);
}

/**
 * A quote's life from /quote's answers to purchased, as intents: the caller says what happened,
 * and this decides what else changes with it (issue 28). The rules, in one place:
 *
 *   intent                     refused unless     coverage confirmation    quote price      policy price
 *   saveAnswers (/quote)       open               kept (reset: new state)  made again       kept
 *   saveEmail (end of /quote)  —                  kept                     kept             kept
 *   saveSection (application)  at application    reset                    kept             made again once at products
 *   choosePackage              at products        reset                    kept             made again
 *   chooseCoverage             at coverage        reset                    kept             made again
 *   confirmCoverage            at coverage        set (lawful coverage)    kept             made again
 *   requireLawfulForPurchase   —                  reset when refused       kept             kept
 *   repriceForPurchase         —                  reset when it changed    kept             the new one when it changed
 *
 * and the purchase's hold on an open quote (hold, release), its lock and its close (markPurchased).
 * Every write is QuoteRepository.update's: a change computed from the row as it is, written only
 * to that version of it. Every intent on a quote the owner does not have answers 404 QUOTE_NOT_FOUND.
 */
@Injectable()
export class QuoteLifecycle {
  constructor(
    private readonly quotes: QuoteRepository,
    private readonly pricing: QuotePricingService,
    private readonly clock: Clock,
  ) {}

  /** Every quote of the account, newest first (the data export). */
  listForUser(userId: string): Promise<QuoteRow[]> {
    return this.quotes.listForUser(userId);
  }

  find(id: string, owner: QuoteOwner): Promise<QuoteRow | undefined> {
    return this.quotes.findForOwner(id, owner);
  }

  /** An account's quote, typed as having that owner. */
  async findOwned(id: string, userId: string): Promise<OwnedQuote | undefined> {
    const row = await this.quotes.findForOwner(id, { userId });
    return row && isOwnedBy(row, userId) ? row : undefined;
  }

  /**
   * /quote's answers saved on an open quote: the ZIP's state, the package's coverage again when
   * the state changes (or there is none), and the quote's price made again (none until the
   * answers are enough to rate). The coverage confirmation is kept unless the coverage was made
   * anew for another state (the customer confirms what they buy); the policy's price is kept: the
   * purchase prices again and sends the customer back when the price moved (repriceForPurchase).
   * `admit` may refuse the result before anything is written.
   */
  async saveAnswers(id: string, owner: QuoteOwner, answersOf: (row: QuoteRow) => AnswersSave, admit?: AdmitAnswers): Promise<QuoteRow> {
    return this.found(
      await this.quotes.update(id, owner, async (row) => {
        if (row.status !== 'open') throw new QuoteException(QuoteErrorCode.Closed);
        const change = await this.answersChange(row, answersOf(row));
        await admit?.(row, change);
        return change;
      }),
    );
  }

  /** saveAnswers's rules and `admit` run on a quote not yet written (a new quote's first answers): nothing is saved. */
  async checkAnswers(row: QuoteRow, answers: AnswersSave, admit?: AdmitAnswers): Promise<void> {
    const change = await this.answersChange(row, answers);
    await admit?.(row, change);
  }

  /** The e-mail a visitor gives at the end of /quote: nothing else changes. */
  async saveEmail(id: string, owner: QuoteOwner, email: string): Promise<QuoteRow> {
    return this.found(await this.quotes.update(id, owner, async (row) => ({ ...changeOf(row), answers: { ...row.answers, email } })));
  }

  /** A section of the application saved (`section` checks it against the row as it is, and says what it changes). */
  saveSection(id: string, owner: QuoteOwner, section: (row: QuoteRow, day: string) => SectionChange | Promise<SectionChange>): Promise<QuoteRow> {
    return this.advance(id, owner, 'application', async (row, change, day) => {
      Object.assign(change, await section(row, day));
    });
  }

  /** A package chosen: its coverage in the quote's state replaces the coverage. */
  choosePackage(id: string, owner: QuoteOwner, pkg: CoveragePackage): Promise<QuoteRow> {
    return this.advance(id, owner, 'products', async (row, change, day) => {
      change.coveragePackage = pkg;
      change.coverage = await this.pricing.packageCoverage(pkg, row.zip!, day);
      change.packageChosenAt = this.clock.now();
    });
  }

  /** The coverage as the customer changed it (normalized; a contradictory answer is a 400). */
  chooseCoverage(id: string, owner: QuoteOwner, coverage: Coverage): Promise<QuoteRow> {
    return this.advance(id, owner, 'coverage', async (row, change, day) => {
      change.coverage = await this.pricing.normalizeCoverage(coverage, row.zip!, day);
    });
  }

  /** The coverage confirmed, once the state's rules in force allow it (409 otherwise): the quote goes to payment. */
  confirmCoverage(id: string, owner: QuoteOwner): Promise<QuoteRow> {
    return this.advance(id, owner, 'coverage', async (row, change, day) => {
      await this.pricing.requireLawfulCoverage(row.coverage!, row.zip!, day);
      change.coverageConfirmedAt = this.clock.now();
    });
  }

  /**
   * Nothing binds that the state's rules in force do not allow (they may have changed since the
   * coverage was confirmed): refused, the quote goes back to the coverage page, where the
   * customer can put it right.
   */
  async requireLawfulForPurchase(quote: OwnedQuote): Promise<void> {
    await this.pricing.requireLawfulCoverage(quote.coverage!, quote.zip!, isoDay(this.clock.now())).catch(async (error: unknown) => {
      await this.quotes.update(quote.id, { userId: quote.userId }, async (row) => ({ ...changeOf(row), coverageConfirmedAt: null }));
      throw error;
    });
  }

  /**
   * The policy's price now. A rate table that changed since the customer confirmed the coverage
   * gives a new price: written on the quote with the confirmation reset, so the customer sees it
   * on the coverage page before paying.
   */
  async repriceForPurchase(quote: OwnedQuote): Promise<PurchasePrice> {
    const fresh = await this.pricing.pricePolicy(quote.answers, quote.application, quote.coverage!, isoDay(this.clock.now()));
    if (quote.policyPrice && sameRates(fresh, quote.policyPrice)) return { changed: false, price: quote.policyPrice };
    await this.quotes.update(quote.id, { userId: quote.userId }, async (row) => ({ ...changeOf(row), coverageConfirmedAt: null, policyPrice: fresh }));
    return { changed: true, price: fresh };
  }

  /** Holds an open quote for one purchase attempt: false when another attempt holds it (QuoteRepository.claimForPurchase). */
  hold(quote: OwnedQuote, requestId: string): Promise<boolean> {
    return this.quotes.claimForPurchase(quote.id, quote.userId, requestId);
  }

  /** Lets go of a quote the attempt held. */
  release(quote: Pick<QuoteRow, 'id'>, requestId: string): Promise<void> {
    return this.quotes.releasePurchase(quote.id, requestId);
  }

  /** The quote locked in the purchase's transaction, and closed as purchased in it. */
  async lockForPurchase(quote: OwnedQuote): Promise<OwnedQuote | undefined> {
    const row = await this.quotes.lockForPurchase(quote.id);
    return row && isOwnedBy(row, quote.userId) ? row : undefined;
  }

  markPurchased(id: string): Promise<void> {
    return this.quotes.markPurchased(id);
  }

  /** A visitor's quotes joined to the account they signed in to (QuoteRepository.attachToUser). */
  joinAccount(userId: string, email: string, from: { visitorKey?: string; quoteId?: string }): Promise<number> {
    return this.quotes.attachToUser(userId, email, from);
  }

  private found(row: QuoteRow | undefined): QuoteRow {
    if (!row) throw new QuoteException(QuoteErrorCode.NotFound);
    return row;
  }

  /**
   * One step after the quote, on an open quote whose earlier steps are done: the coverage
   * confirmation reset (only confirmCoverage sets it again), the step's edit, and the policy
   * priced again for the household once the quote is at products or later.
   */
  private async advance(
    id: string,
    owner: QuoteOwner,
    needed: PurchaseStep,
    edit: (row: QuoteRow, change: QuoteChange, day: string) => Promise<void>,
  ): Promise<QuoteRow> {
    const day = isoDay(this.clock.now());
    const saved = await this.quotes.update(id, owner, async (row) => {
      requireStep(row, needed);
      const change = changeOf(row);
      change.coverageConfirmedAt = null;
      await edit(row, change, day);
      change.policyPrice =
        stepAtOrAfter(purchaseStepOf({ ...row, ...change }), 'products') && change.coverage
          ? await this.pricing.pricePolicy(change.answers, change.application, change.coverage, day)
          : null;
      return change;
    });
    return this.found(saved);
  }

  /** What answers make of a quote: the ZIP's state, its coverage, and the quote's price (or none). */
  private async answersChange(row: QuoteRow, { answers, zipGiven }: AnswersSave): Promise<QuoteChange> {
    const day = isoDay(this.clock.now());
    const change = changeOf(row);
    change.answers = answers;
    if (answers.zip && (zipGiven || !change.state)) {
      const { state } = await this.pricing.eligibleState(answers.zip, day);
      change.zip = answers.zip;
      if (state !== change.state || !change.coverage) {
        change.coverage = { ...(await this.pricing.packageCoverage(change.coveragePackage, answers.zip, day)) };
        // Coverage the customer has not seen is not confirmed: back to the coverage step.
        change.coverageConfirmedAt = null;
      }
      change.state = state;
    }
    change.price = null;
    if (isRatable(answers)) {
      const vehicle = resolveVehicle(answers.vehicle!, day, { requireModel: true });
      const price = await this.pricing.price({
        zip: answers.zip!,
        vehicle,
        drivers: [{ birthDate: answers.driver!.birthDate, yearsLicensed: answers.driver!.yearsLicensed, incidents: answers.incidents! }],
        priorInsurance: answers.priorInsurance!,
        coverage: change.coverage!,
        day,
      });
      change.price = {
        rateVersion: price.rateVersion,
        baseRateCents: price.baseRateCents,
        perMileRateMills: price.perMileRateMills,
        breakdown: price.breakdown,
        pricedAt: this.clock.now(),
      };
    }
    return change;
  }
}
