import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../../config/app-config';
import { stateForZip } from '../../../shared/quote/zip-to-state';
import { invalidField, QuoteErrorCode, QuoteException, QuotePricingService } from '../../quote';
import { pricingInput, type ChangeTerms, type RequestedTerms } from './change-terms';
import { PolicyChangeErrorCode, PolicyChangeException } from './policy-change.exception';

/**
 * Prices the terms a change asks for with the quote's engine: every car re-rated with every
 * driver on the rate table in force on the change's date, as a new policy would be (decisions,
 * issue 16). A ZIP in a state we do not sell in is refused before anything is rated.
 */
@Injectable()
export class ChangePricingService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly pricing: QuotePricingService,
  ) {}

  async price(requested: RequestedTerms, day: string, options: { checkCoverage: boolean }): Promise<ChangeTerms> {
    const zip = requested.address.zip;
    const state = stateForZip(zip);
    if (!state) throw invalidField('address.zip', 'unknown');
    if (!this.config.sellingStates.includes(state)) throw new PolicyChangeException(PolicyChangeErrorCode.StateNotSold, { state });
    try {
      let coverage = requested.coverage;
      if (options.checkCoverage) {
        coverage = await this.pricing.normalizeCoverage(coverage, zip, day);
        await this.pricing.requireLawfulCoverage(coverage, zip, day);
      }
      const { answers, application } = pricingInput(requested);
      const price = await this.pricing.pricePolicy(answers, application, coverage, day);
      return {
        ...requested,
        state,
        address: { ...requested.address, state },
        coverage,
        vehicles: price.vehicles.map((p, i) => ({ ...requested.vehicles[i], baseRateCents: p.baseRateCents, perMileRateMills: p.perMileRateMills })),
        rateVersion: price.rateVersion,
        baseRateCents: price.baseRateCents,
      };
    } catch (error) {
      // The rate table has no rates for the state (yet): the same refusal as the configuration's.
      if (error instanceof QuoteException && error.code === (QuoteErrorCode.StateNotServed as string))
        throw new PolicyChangeException(PolicyChangeErrorCode.StateNotSold, { state });
      throw error;
    }
  }
}
