import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { DAILY_CAP_MILES } from '../../shared/miles/billable-miles';
import { choiceProblems, questionsAsked, withDefaults, type StateRules } from '../../shared/quote/coverage-model';
import {
  type CoveragePackage,
  type PolicyPrice,
  type PriorInsurance,
  type QuoteAnswers,
  type QuoteDriver,
  type QuoteIncident,
  type QuotePrice,
} from '../../shared/quote/quote-model';
import { declineReason } from './eligibility/underwriting';
import { stateForZip } from './eligibility/zip-to-state';
import { invalidField } from './quote-problems';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import { RateTablesService } from './rate-tables.service';
import { coverageProblem, packageCoverage, stateRulesOf } from './rating/coverage-rules';
import { rate } from './rating/rating';
import { RatingError } from './rating/rating-error';
import { declined, fromRatingError, PricingErrorCode, PricingException } from './rating-failures';
import { resolveVehicle } from './vehicle-resolver';
import type { Application } from '../../shared/quote/application-model';
import type { BodyType, Coverage, RateTable } from './rating/rating-types';

/** What the engine needs to price one car. */
export interface PricingRequest {
  zip: string;
  vehicle: { year: number; bodyType: BodyType };
  drivers: (Pick<QuoteDriver, 'birthDate' | 'yearsLicensed'> & { incidents: QuoteIncident[] })[];
  priorInsurance: PriorInsurance;
  coverage: Coverage;
  /** "YYYY-MM-DD": ages and the incident look-back are counted from it. */
  day: string;
  /** How many cars the policy insures (1 when absent): from 2, the table's multi-car discount. */
  carsOnPolicy?: number;
}

/**
 * The rating engine on the rate table in force: where we sell, and a price with its breakdown.
 * The engine itself is pure (./rating); this is where it meets configuration and the database.
 */
@Injectable()
export class QuotePricingService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly rateTables: RateTablesService,
  ) {}

  /**
   * The state of a ZIP we sell in, with the table in force. An unknown ZIP is a 400 on `zip`;
   * a state we do not sell in (by configuration or by the table) is a 422 naming the state.
   */
  async eligibleState(zip: string, day: string): Promise<{ state: string; table: RateTable }> {
    const state = stateForZip(zip);
    if (!state) throw invalidField('zip', 'unknown');
    const table = await this.rateTables.inForce(day);
    if (!this.config.sellingStates.includes(state) || !(state in table.states)) {
      throw new QuoteException(QuoteErrorCode.StateNotServed, { state });
    }
    return { state, table };
  }

  /** What the state of this ZIP requires of every policy. */
  async stateRules(zip: string, day: string): Promise<StateRules> {
    const { state, table } = await this.eligibleState(zip, day);
    return stateRulesOf(state, table.states[state]);
  }

  /**
   * The coverage as the customer changes it: the PIP field of older clients filled in, and only
   * the answers to questions the state asks of this coverage kept (the request for lower uninsured
   * motorist limits is dropped once they are no longer lower). An answer that contradicts the
   * coverage is a 400; an unanswered question is allowed until the coverage is confirmed.
   */
  async normalizeCoverage(coverage: Coverage, zip: string, day: string): Promise<Coverage> {
    const rules = await this.stateRules(zip, day);
    const full = withDefaults(coverage);
    const choices = Object.fromEntries(
      questionsAsked(rules, full)
        .filter((key) => full.choices[key])
        .map((key) => [key, full.choices[key]]),
    );
    const normalized = { ...full, choices };
    const { conflicting } = choiceProblems(rules, normalized);
    if (conflicting.length) throw new PricingException(PricingErrorCode.ChoiceConflict, { coverages: conflicting });
    return normalized;
  }

  /**
   * Before the coverage is confirmed and before a policy is bound: the coverage meets the rules
   * of the table in force (409 COVERAGE_BELOW_STATE_RULES, e.g. a quote saved before Oregon's PIP)
   * and every select/reject question of the state is answered (409 COVERAGE_CHOICE_REQUIRED).
   */
  async requireLawfulCoverage(coverage: Coverage, zip: string, day: string): Promise<void> {
    const { state, table } = await this.eligibleState(zip, day);
    const problem = coverageProblem(table.states[state], coverage);
    if (problem) throw new PricingException(PricingErrorCode.BelowStateRules, { reason: problem.code, detail: problem.message });
    const { unanswered, conflicting } = choiceProblems(stateRulesOf(state, table.states[state]), coverage);
    if (conflicting.length) throw new PricingException(PricingErrorCode.ChoiceConflict, { coverages: conflicting });
    if (unanswered.length) throw new PricingException(PricingErrorCode.ChoiceRequired, { coverages: unanswered });
  }

  /** The coverage a package starts from in a state. */
  async packageCoverage(pkg: CoveragePackage, zip: string, day: string): Promise<Coverage> {
    const { state, table } = await this.eligibleState(zip, day);
    return packageCoverage(table.states[state], pkg);
  }

  /** The price, or why not: a record we do not quote online (422), coverage the state forbids (422). */
  async price(request: PricingRequest): Promise<QuotePrice> {
    const { table } = await this.eligibleState(request.zip, request.day);
    const reason = declineReason(request.drivers, request.day);
    if (reason) throw declined(reason);
    try {
      const rated = rate(table, {
        ratingDate: request.day,
        zip: request.zip,
        drivers: request.drivers,
        vehicle: { modelYear: request.vehicle.year, bodyType: request.vehicle.bodyType },
        priorInsurance: request.priorInsurance,
        coverage: request.coverage,
        carsOnPolicy: request.carsOnPolicy,
      });
      return { ...rated, dailyCapMiles: DAILY_CAP_MILES };
    } catch (error) {
      throw error instanceof RatingError ? fromRatingError(error) : error;
    }
  }

  /**
   * The policy's price: every car of the quote and the application, each rated with all the
   * household's drivers and the insurance history the application confirmed, each with the
   * multi-car discount when there are two or more (a change or renewal prices through here too,
   * so the car left alone loses it on the day the other leaves); base rates add up.
   */
  async pricePolicy(answers: QuoteAnswers, application: Application, coverage: Coverage, day: string): Promise<PolicyPrice> {
    const drivers = [
      { birthDate: answers.driver!.birthDate, yearsLicensed: answers.driver!.yearsLicensed, incidents: answers.incidents ?? [] },
      ...(application.drivers ?? []).map((d) => ({ birthDate: d.birthDate, yearsLicensed: d.yearsLicensed, incidents: d.incidents })),
    ];
    const priorInsurance = application.history?.priorInsurance ?? answers.priorInsurance!;
    const vehicles = [answers.vehicle!, ...(application.vehicles ?? [])];
    const prices = [];
    for (const given of vehicles) {
      const vehicle = resolveVehicle(given, day, { requireModel: true });
      const price = await this.price({ zip: answers.zip!, vehicle, drivers, priorInsurance, coverage, day, carsOnPolicy: vehicles.length });
      prices.push({
        vehicle: given,
        baseRateCents: price.baseRateCents,
        perMileRateMills: price.perMileRateMills,
        breakdown: price.breakdown,
        rateVersion: price.rateVersion,
        state: price.state,
      });
    }
    return {
      rateVersion: prices[0].rateVersion,
      state: prices[0].state,
      baseRateCents: prices.reduce((sum, p) => sum + p.baseRateCents, 0),
      vehicles: prices.map(({ rateVersion: _v, state: _s, ...price }) => price),
      dailyCapMiles: DAILY_CAP_MILES,
    };
  }
}
