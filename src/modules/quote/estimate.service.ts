import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { monthlyEstimateCents } from '../../shared/quote/quote-model';
import { driverProblems, incidentProblems, zipProblems, type Problems } from '../../shared/quote/quote-validation';
import type { EstimateDto } from './quote.dto';
import { QuotePricingService } from './quote-pricing.service';
import { invalidAnswers } from './quote-problems';
import { resolveVehicle } from './vehicle-resolver';
import { isoDay } from '../../shared/dates/iso-day';

export interface Estimate {
  rateVersion: string;
  state: string;
  baseRateCents: number;
  perMileRateMills: number;
  monthlyEstimateCents: number;
  dailyCapMiles: number;
  breakdown: { factor: string; base: number; perMile: number }[];
}

// The estimate's driver has no name and may give no gender: those rules do not apply to it.
const NOT_ASKED = ['driver.firstName', 'driver.lastName', 'driver.gender'];

/**
 * POST /api/quotes/estimate: a price from the same engine, stored nowhere, for the Home page's
 * estimator, the mobile apps and partners. Insurance history defaults to 1–3 years without a
 * gap, and the coverage to the Standard package.
 */
@Injectable()
export class EstimateService {
  constructor(
    private readonly pricing: QuotePricingService,
    private readonly clock: Clock,
  ) {}

  async estimate(input: EstimateDto): Promise<Estimate> {
    const day = isoDay(this.clock.now());
    const problems: Problems = {
      ...zipProblems(input.zip),
      ...withoutNotAsked(driverProblems({ firstName: 'x', lastName: 'x', gender: 'female', ...input.driver }, day)),
      ...incidentProblems(input.incidents, day),
    };
    if (Object.keys(problems).length) throw invalidAnswers(problems);
    const vehicle = resolveVehicle(input.vehicle, day, { requireModel: false });
    const coverage = await this.pricing.packageCoverage(input.coverage?.package ?? 'standard', input.zip, day);
    const price = await this.pricing.price({
      zip: input.zip,
      vehicle,
      drivers: [{ birthDate: input.driver.birthDate, yearsLicensed: input.driver.yearsLicensed, incidents: input.incidents }],
      priorInsurance: input.priorInsurance ?? '1-to-3-years',
      coverage,
      day,
    });
    return {
      rateVersion: price.rateVersion,
      state: price.state,
      baseRateCents: price.baseRateCents,
      perMileRateMills: price.perMileRateMills,
      monthlyEstimateCents: monthlyEstimateCents(price, input.milesPerMonth),
      dailyCapMiles: price.dailyCapMiles,
      breakdown: price.breakdown,
    };
  }
}

function withoutNotAsked(problems: Problems): Problems {
  return Object.fromEntries(Object.entries(problems).filter(([path]) => !NOT_ASKED.includes(path)));
}
