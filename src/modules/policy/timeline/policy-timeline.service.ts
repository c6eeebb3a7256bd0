import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain-exception';
import { periodContaining } from '../../../shared/billing/billing-periods';
import { changeProration } from '../../../shared/billing/change-proration';
import { carNumbered, nextVehicleIndex } from '../../../shared/policy/policy-cars';
import { comingAfter, eventMoment, inEffectOrder, inForceAt, termsChanges } from '../../../shared/policy/timeline';
import { ChangePricingService } from '../changes/change-pricing.service';
import { basisFromQuote, requestedTerms, sameTerms, type ChangeTerms, type RatingBasis } from '../changes/change-terms';
import { scheduleOf } from '../changes/change-window';
import { PolicyChangeErrorCode, PolicyChangeException } from '../changes/policy-change.exception';
import { PolicyChangeRepository, type PolicyChangeRow } from '../changes/policy-change.repository';
import { PolicyRepository, type PolicyRow } from '../policy.repository';
import { PolicyTransactionRepository, type PolicyTransactionRow } from './policy-transaction.repository';
import type { TermsChange } from '../../../shared/billing/terms-timeline';
import type { PolicyChangeRequest } from '../../../shared/policy/policy-change-model';

/**
 * The policy's timeline (issue 26) as the policy module reads and books it: the terms on any
 * day, and a change booked on its own day in any order of days. A change effective before one
 * already booked (out of sequence) is priced on the terms of its own day; each later change is
 * then re-applied on top of it, re-rated on the new terms, its old event reversed (the booking
 * order stays readable), and refused as a whole when a later change no longer fits (it removes
 * the car this one removed, say): the customer is told which, and nothing is booked.
 */
@Injectable()
export class PolicyTimeline {
  constructor(
    private readonly events: PolicyTransactionRepository,
    private readonly policies: PolicyRepository,
    private readonly changes: PolicyChangeRepository,
    private readonly pricing: ChangePricingService,
  ) {}

  /** The terms in force on the policy's `day`, with the rating facts the policy row does not keep. */
  async termsOn(policy: PolicyRow, day: string): Promise<ChangeTerms> {
    const events = await this.events.list(policy.id);
    const at = this.momentOf(events, policy, day);
    const ordered = inEffectOrder(events).filter((e) => e.effectiveAt <= at);
    const inForce = inForceAt(events, at)!;
    return { ...inForce.terms, basis: await this.basisOf(policy, ordered.length ? ordered : [inForce]) };
  }

  /** The number a car added now gets: past every car any of the policy's events ever held. */
  async nextVehicleIndex(policyId: string): Promise<number> {
    return nextVehicleIndex((await this.events.list(policyId)).map((e) => e.terms.vehicles));
  }

  /** Each change of terms with the terms before it, in effect order: what billing and claims read a day's terms from. */
  async termsChanges(policyId: string): Promise<TermsChange[]> {
    return termsChanges(await this.events.list(policyId));
  }

  /**
   * Books a confirmed change on its day (the caller holds the policy's lock and has checked its
   * revision) and re-applies the changes booked for later days on top of it. Returns false when
   * the policy's revision moved under it.
   */
  async bookChange(policy: PolicyRow, change: PolicyChangeRow, madeBy: string, now: Date): Promise<boolean> {
    const events = await this.events.list(policy.id);
    const at = this.momentOf(events, policy, change.effectiveDate);
    const { basis, ...terms } = change.after;
    await this.events.book({
      policyId: policy.id,
      kind: 'change',
      effectiveDate: change.effectiveDate,
      effectiveAt: at,
      terms,
      basis,
      changeId: change.id,
      premiumCents: change.proration.amountCents,
      madeBy,
      onBehalfBy: change.proposedBy,
    });
    let running: ChangeTerms = change.after;
    for (const later of comingAfter(events, at))
      if (later.kind === 'change') running = await this.reapply(policy, later, running, now);
      else if (later.kind === 'renew') running = await this.renewAgain(policy, later, running, now);
    const booked = inEffectOrder(await this.events.list(policy.id)).at(-1)!;
    return this.policies.recordBooked(policy.id, policy.revision, booked.terms);
  }

  /**
   * A later change on top of the terms before it now: its request again, re-rated on its own
   * day. One the earlier change made unnecessary (the car or driver it removes is gone already,
   * or it asks for what the terms now have) is voided; one that no longer fits refuses the whole.
   */
  private async reapply(policy: PolicyRow, event: PolicyTransactionRow, before: ChangeTerms, at: Date): Promise<ChangeTerms> {
    const row = event.changeId ? await this.changes.findForPolicy(event.changeId, policy.id) : undefined;
    if (!row) throw new PolicyChangeException(PolicyChangeErrorCode.LaterChangeConflicts, { laterChange: event.effectiveDate });
    const request = requestOn(row, before);
    if (!request) return this.void(event, row, before, at);
    // The car it adds keeps the number it was given when it was booked.
    const added = row.after.vehicles.find((v) => !row.before.vehicles.some((b) => b.vehicleIndex === v.vehicleIndex));
    let after: ChangeTerms;
    try {
      const requested = requestedTerms(before, request, added?.vehicleIndex ?? 0);
      if (sameTerms(requested, before)) return this.void(event, row, before, at);
      after = await this.pricing.price(requested, row.effectiveDate, { checkCoverage: row.kind === 'coverage' || row.kind === 'address' });
    } catch (error) {
      // Refused on the new terms (no such car any more, a limit, a state not sold): it conflicts with
      // the earlier change. A passing failure (no rate table, the database) stays what it is.
      const status: number | undefined = error instanceof DomainException ? error.status : error instanceof HttpException ? error.getStatus() : undefined;
      if (status !== undefined && status < (HttpStatus.INTERNAL_SERVER_ERROR as number))
        throw new PolicyChangeException(PolicyChangeErrorCode.LaterChangeConflicts, { laterChange: row.effectiveDate });
      throw error;
    }
    const proration = changeProration(periodContaining(scheduleOf(policy), row.effectiveDate), row.effectiveDate, before.baseRateCents, after.baseRateCents);
    const { basis, ...terms } = after;
    const again = await this.events.book({
      policyId: policy.id,
      kind: 'change',
      effectiveDate: event.effectiveDate,
      effectiveAt: event.effectiveAt,
      terms,
      basis,
      changeId: row.id,
      premiumCents: proration.amountCents,
      madeBy: event.madeBy,
      onBehalfBy: event.onBehalfBy,
    });
    await this.events.reverse(event.id, again.id, at);
    await this.changes.rerate(row.id, before, after, proration);
    return after;
  }

  /**
   * The renewal's terms, priced on the rate table in force on the term's last day's morrow (its
   * first day): the same cars and drivers, each re-rated (a year older, the new rates), the
   * coverage brought to the state's rules of that day.
   */
  priceRenewal(terms: ChangeTerms, renewsOn: string): Promise<ChangeTerms> {
    return this.pricing.price(terms, renewsOn, { checkCoverage: true });
  }

  /** Books the renewal from `renewsOn` (the current term's end) to `termEndDate`. */
  async bookRenewal(policy: PolicyRow, terms: ChangeTerms, renewsOn: string, termEndDate: string): Promise<PolicyTransactionRow> {
    const { basis, ...rest } = terms;
    return this.events.book({
      policyId: policy.id,
      kind: 'renew',
      effectiveDate: renewsOn,
      effectiveAt: eventMoment(renewsOn, policy.state),
      terms: rest,
      basis,
      termEndDate,
    });
  }

  /**
   * A notice of cancellation for non-payment (issue 26): cover ends at the start of `day` unless
   * the balance is paid first. One at a time: a notice already standing is kept (the answer false).
   */
  async bookLapse(policy: PolicyRow, day: string): Promise<boolean> {
    const events = await this.events.list(policy.id);
    if (events.some((e) => e.kind === 'lapse' && !e.reversed)) return false;
    const at = eventMoment(day, policy.state);
    const { basis, ...terms } = await this.termsOn(policy, day);
    await this.events.book({ policyId: policy.id, kind: 'lapse', effectiveDate: day, effectiveAt: at, terms, basis });
    return true;
  }

  /** The notice withdrawn (the balance paid, or the cancellation it announced made): true when one stood. */
  async withdrawLapse(policyId: string, now: Date): Promise<boolean> {
    const standing = (await this.events.list(policyId)).filter((e) => e.kind === 'lapse' && !e.reversed);
    for (const event of standing) await this.events.reverse(event.id, null, now);
    return standing.length > 0;
  }

  /** A change booked before a renewal already offered: the renewal is priced again on the changed terms. */
  private async renewAgain(policy: PolicyRow, event: PolicyTransactionRow, before: ChangeTerms, at: Date): Promise<ChangeTerms> {
    const renewed = await this.priceRenewal(before, event.effectiveDate);
    const again = await this.bookRenewal(policy, renewed, event.effectiveDate, event.termEndDate!);
    await this.events.reverse(event.id, again.id, at);
    return renewed;
  }

  /** The later change will not take effect: its event reversed, the change voided, the terms left as they are. */
  private async void(event: PolicyTransactionRow, row: PolicyChangeRow, before: ChangeTerms, at: Date): Promise<ChangeTerms> {
    await this.events.reverse(event.id, null, at);
    await this.changes.void(row.id);
    return before;
  }

  /** When a change dated `day` takes effect: its day's start in the state, never before cover began. */
  private momentOf(events: PolicyTransactionRow[], policy: PolicyRow, day: string): Date {
    const issue = events.find((e) => e.kind === 'issue');
    return eventMoment(day, policy.state, issue?.effectiveAt);
  }

  /** The rating facts of the last event that kept them, else the quote's. */
  private async basisOf(policy: PolicyRow, ordered: PolicyTransactionRow[]): Promise<RatingBasis> {
    const kept = ordered.filter((e) => e.basis).at(-1)?.basis;
    if (kept) return kept;
    const quote = (await this.changes.quoteAnswers(policy.quoteId))!;
    return basisFromQuote(quote.answers, quote.application);
  }
}

/**
 * The later change's request on the terms it now follows: a driver is named by their place in the
 * list, which an earlier change may have moved, so it is found again by name and birth date;
 * undefined when what it removes is gone already (the earlier change removed it).
 */
function requestOn(row: PolicyChangeRow, before: ChangeTerms): PolicyChangeRequest | undefined {
  const { request } = row;
  if (request.kind === 'remove-vehicle') return carNumbered(before.vehicles, request.vehicleIndex) ? request : undefined;
  if (request.kind !== 'remove-driver') return request;
  const leaving = row.before.drivers[request.driverIndex!];
  const place = before.drivers.findIndex((d) => d.firstName === leaving.firstName && d.lastName === leaving.lastName && d.birthDate === leaving.birthDate);
  return place > 0 ? { ...request, driverIndex: place } : undefined;
}
