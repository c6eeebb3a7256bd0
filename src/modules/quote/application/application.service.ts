import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { coverageChanges } from '../../../shared/audit/audit-changes';
import { isoDay } from '../../../shared/dates/iso-day';
import { identificationProblems, policyDrivers, savedLicenses, sameDriver, type IdentificationInput } from '../../../shared/quote/application-identification';
import { type Application, type ApplicationSection } from '../../../shared/quote/application-model';
import { additionalDriversProblems, additionalVehiclesProblems, addressProblems, historyProblems } from '../../../shared/quote/application-validation';
import { COVERAGE_PACKAGES, type CoveragePackage, type PolicyPrice, type QuoteView } from '../../../shared/quote/quote-model';
import { type Problems } from '../../../shared/quote/quote-validation';
import { noteAuditChanges } from '../../session';
import { CoverageRejectionRecords } from '../coverage-rejection-records.service';
import { requireStep } from '../purchase-step';
import { QuoteLifecycle } from '../quote-lifecycle.service';
import { quoteOwner } from '../quote-owner';
import { QuotePricingService } from '../quote-pricing.service';
import { invalidAnswers } from '../quote-problems';
import { quoteView } from '../quote-view';
import { QuoteErrorCode, QuoteException } from '../quote.exception';
import { resolveVehicle } from '../vehicle-resolver';
import { identificationRefused } from './identification-refusal';
import type { Coverage, StateRules } from '../../../shared/quote/coverage-model';
import type { Actor } from '../../session';
import type { QuoteRow } from '../quote.repository';

/** What a section's request carries: the address without the state and ZIP (the identification has its own). */
export type SectionInput<S extends Exclude<ApplicationSection, 'identification'>> = S extends 'address'
  ? Omit<NonNullable<Application['address']>, 'state' | 'zip'>
  : NonNullable<Application[S]>;

export interface PackagePrice {
  package: CoveragePackage;
  coverage: Coverage;
  price: PolicyPrice;
}

/**
 * The steps between the quote and payment: the application's sections, the package, the
 * coverage. This checks and tidies what the customer sends; QuoteLifecycle saves it, refuses
 * (409) a step before the steps it follows are done, unconfirms the coverage and prices the
 * policy again, so the customer sees the new price before paying.
 */
@Injectable()
export class ApplicationService {
  constructor(
    private readonly quotes: QuoteLifecycle,
    private readonly pricing: QuotePricingService,
    private readonly clock: Clock,
    private readonly rejections: CoverageRejectionRecords,
  ) {}

  /** Saves a section; the address takes its state and ZIP from the quote (they were priced). */
  async saveSection<S extends Exclude<ApplicationSection, 'identification'>>(actor: Actor, id: string, section: S, value: SectionInput<S>): Promise<QuoteView> {
    const saved = await this.quotes.saveSection(id, this.ownerOf(actor), (row, day) => {
      const given = (section === 'address' ? { ...value, state: row.state, zip: row.zip } : value) as NonNullable<Application[S]>;
      const normalized = this.checkSection(row, section, given, day);
      const application: Application = { ...row.application, [section]: normalized };
      if (section === 'drivers') application.identification = this.licensesOfDrivers(application, row);
      return { application };
    });
    return quoteView(saved);
  }

  /**
   * A VIN for every car, written on the car, and a license for every driver. Asked once the
   * household's drivers and cars are known; a VIN for another car than the one typed is refused.
   */
  async saveIdentification(actor: Actor, id: string, input: IdentificationInput): Promise<QuoteView> {
    const saved = await this.quotes.saveSection(id, this.ownerOf(actor), (row, day) => {
      if (!row.application.drivers || !row.application.vehicles) throw new QuoteException(QuoteErrorCode.OutOfOrder, { step: 'application' });
      const problems = identificationProblems(input, row.answers, row.application, new Date(`${day}T12:00:00Z`));
      if (Object.keys(problems).length) throw identificationRefused(problems, { input, answers: row.answers, application: row.application });
      const [first, ...others] = input.vehicles.map((v) => v.vin.trim().toUpperCase());
      return {
        answers: { ...row.answers, vehicle: { ...row.answers.vehicle!, vin: first } },
        application: {
          ...row.application,
          vehicles: row.application.vehicles.map((car, index) => ({ ...car, vin: others[index] })),
          identification: { licenses: savedLicenses(input, row.answers, row.application) },
        },
      };
    });
    return quoteView(saved);
  }

  async choosePackage(actor: Actor, id: string, pkg: CoveragePackage): Promise<QuoteView> {
    return quoteView(await this.recordRejections(actor, await this.quotes.choosePackage(id, this.ownerOf(actor), pkg)));
  }

  async setCoverage(actor: Actor, id: string, coverage: Coverage): Promise<QuoteView> {
    // Staff's change is audited with what it changed (issue 26); a customer's own is not audited.
    const before = actor.staff ? (await this.quotes.find(id, this.ownerOf(actor)))?.coverage : undefined;
    const saved = await this.recordRejections(actor, await this.quotes.chooseCoverage(id, this.ownerOf(actor), coverage));
    if (before && saved.coverage) noteAuditChanges(coverageChanges(before, saved.coverage));
    return quoteView(saved);
  }

  /**
   * Who turned a coverage down (issue 26): the customer, or the staff member acting for them. A
   * staff member's rejection is not the named insured's written one until the customer signs it.
   */
  private async recordRejections(actor: Actor, saved: QuoteRow): Promise<QuoteRow> {
    if (saved.coverage) await this.rejections.record(saved.id, saved.coverage, { staffUserId: actor.staff?.userId }, this.clock.now());
    return saved;
  }

  async confirmCoverage(actor: Actor, id: string): Promise<QuoteView> {
    return quoteView(await this.quotes.confirmCoverage(id, this.ownerOf(actor)));
  }

  /** The three packages priced for this household (nothing saved), and what the state requires. */
  async packagePrices(actor: Actor, id: string): Promise<{ packages: PackagePrice[]; rules: StateRules }> {
    const row = await this.quotes.find(id, this.ownerOf(actor));
    if (!row) throw new QuoteException(QuoteErrorCode.NotFound);
    requireStep(row, 'products');
    const day = isoDay(this.clock.now());
    const prices: PackagePrice[] = [];
    for (const pkg of COVERAGE_PACKAGES) {
      const coverage = await this.pricing.packageCoverage(pkg, row.zip!, day);
      prices.push({ package: pkg, coverage, price: await this.pricing.pricePolicy(row.answers, row.application, coverage, day) });
    }
    return { packages: prices, rules: await this.pricing.stateRules(row.zip!, day) };
  }

  private ownerOf(actor: Actor) {
    const owner = quoteOwner(actor);
    if (!owner) throw new QuoteException(QuoteErrorCode.NotFound);
    return owner;
  }

  /** The licenses of the drivers still on the application: a driver taken off takes theirs along. */
  private licensesOfDrivers(application: Application, row: QuoteRow): Application['identification'] {
    if (!application.identification) return undefined;
    const drivers = policyDrivers(row.answers, application);
    return { licenses: application.identification.licenses.filter((license) => drivers.some((driver) => sameDriver(license, driver))) };
  }

  /** A section checked by the shared rules and tidied (names trimmed, cars in the catalog's spelling). */
  private checkSection<S extends Exclude<ApplicationSection, 'identification'>>(
    row: QuoteRow,
    section: S,
    value: NonNullable<Application[S]>,
    day: string,
  ): Application[S] {
    let problems: Problems;
    switch (section) {
      case 'address':
        problems = addressProblems(value as Application['address'], { state: row.state!, zip: row.zip! });
        break;
      case 'drivers':
        problems = additionalDriversProblems(value as Application['drivers'], day);
        break;
      case 'vehicles':
        problems = additionalVehiclesProblems(value as Application['vehicles'], day);
        break;
      default:
        problems = historyProblems(value as Application['history']);
    }
    if (Object.keys(problems).length) throw invalidAnswers(problems);
    if (section === 'vehicles') {
      return (value as NonNullable<Application['vehicles']>).map((vehicle, index) => {
        try {
          const { bodyType: _body, ...found } = resolveVehicle(vehicle, day, { requireModel: true });
          return found;
        } catch {
          throw invalidAnswers({ [`vehicles.${index}.model`]: 'unknown' });
        }
      }) as Application[S];
    }
    if (section === 'drivers') {
      return (value as NonNullable<Application['drivers']>).map((d) => ({
        ...d,
        firstName: d.firstName.trim(),
        lastName: d.lastName.trim(),
      })) as Application[S];
    }
    if (section === 'address') {
      const a = value as NonNullable<Application['address']>;
      return {
        line1: a.line1.trim(),
        ...(a.line2?.trim() ? { line2: a.line2.trim() } : {}),
        city: a.city.trim(),
        state: a.state,
        zip: a.zip,
      } as Application[S];
    }
    return value;
  }
}
