import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { termsOn } from '../../shared/billing/terms-timeline';
import { CLAIM_PHOTO_LIMIT, CLAIM_PHOTO_MAX_BYTES, type ClaimView } from '../../shared/claims/claim-model';
import { CLAIMS_PHONE } from '../../shared/claims/claims-contact';
import { stateDay, timeZoneOf } from '../../shared/dates/state-day';
import { coverStartsAt } from '../../shared/policy/cover-start';
import { carNumbered } from '../../shared/policy/policy-cars';
import { PolicyRecords } from '../policy';
import { HOUR, RateLimiter, rule } from '../rate-limit';
import { isOnBehalf, personOf, type SignedInActor } from '../session';
import { ClaimMessages } from './claim-messages.service';
import { ClaimNotifications } from './claim-notifications.service';
import { claimPhotoOf, isClaimPhotoType } from './claim-photos';
import { ClaimViews } from './claim-views.service';
import { ClaimErrorCode, ClaimException } from './claim.exception';
import { ClaimRepository, type StoredClaimPhoto } from './claim.repository';
import type { PolicyRow } from '../policy';
import type { NewClaimDto } from './claims.dto';
import type { PhotoUpload } from './photo-upload';

/** A clock a few minutes ahead of ours is not reporting the future. */
const FUTURE_SLACK_MS = 5 * 60_000;
const KEY_SHAPE = /^[\x21-\x7e]{8,255}$/;
/** New reports a customer may make in a day on the web (each holds up to 10 MB of photos); past that, the phone. */
export const CLAIMS_PER_DAY = 10;
/** Photo uploads a customer may try in a day: every photo of the day's reports, each sent twice (a retry, a refused file). */
export const CLAIM_PHOTO_TRIES_PER_DAY = CLAIMS_PER_DAY * CLAIM_PHOTO_LIMIT * 2;

/** The Idempotency-Key header of a report, required and well formed. */
export function claimKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new ClaimException(ClaimErrorCode.IdempotencyKeyMissing);
  if (Array.isArray(header) || !KEY_SHAPE.test(header)) throw new ClaimException(ClaimErrorCode.IdempotencyKeyInvalid);
  return header;
}

/** What a report says, as one hash: a retry with the same key must say the same. */
function requestHash(body: NewClaimDto): string {
  const { policyId, vehicleIndex, kind, occurredAt, location, description, otherParty, policeReport, injuries } = body;
  const said = [policyId, vehicleIndex, kind, new Date(occurredAt).toISOString(), location, description, otherParty ?? null, policeReport ?? null, injuries];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex');
}

/**
 * The customer's side of claims: report one (first notice of loss) on a policy of theirs, then
 * follow it. Staff acting for the customer report as the customer (audited by @AuditOnBehalf).
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly views: ClaimViews,
    private readonly policies: PolicyRecords,
    private readonly notify: ClaimNotifications,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly messages: ClaimMessages,
  ) {}

  /**
   * Records a report and mails its number, once per Idempotency-Key: the same report sent again
   * (a double click, a second tab, a retry after no answer) answers the claim it made, `created`
   * false; the key with a different report is refused.
   */
  async report(actor: SignedInActor, key: string, body: NewClaimDto): Promise<{ claim: ClaimView; created: boolean }> {
    const hash = requestHash(body);
    // The policy's access rule (issue 27): its owner, or a household member whose role reports claims.
    const policy = await this.policies.findForUser(body.policyId, actor.userId, 'claim');
    if (!policy) throw new ClaimException(ClaimErrorCode.PolicyNotFound);
    // The claim is the policy's, so its owner's; `reportedBy` names who reported it.
    const userId = policy.userId;
    const earlier = await this.claims.findByKey(userId, key);
    if (earlier) return { claim: await this.replay(userId, earlier, hash), created: false };
    // Staff reporting for the customer pass the one licence rule on a policy (issue 30).
    await this.policies.assertMayAct(actor, policy);
    const occurredAt = await this.checkCovered(policy, body);
    const limit = await this.limiter.hit([rule(`claims:user:${userId}`, CLAIMS_PER_DAY, 24 * HOUR)]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, `You have reported many claims today: call us at ${CLAIMS_PHONE} for the next one.`);
    const id = await this.claims.insert({
      policyId: policy.id,
      userId,
      vehicleIndex: body.vehicleIndex,
      kind: body.kind,
      occurredAt,
      location: body.location,
      description: body.description,
      otherParty: body.otherParty ?? null,
      policeReport: body.policeReport ?? null,
      injuries: body.injuries,
      idempotencyKey: key,
      requestHash: hash,
      reportedBy: personOf(actor),
      at: this.clock.now(),
    });
    // Another tab with the same key got there first, between our look and our insert.
    if (!id) return { claim: await this.replay(userId, (await this.claims.findByKey(userId, key))!, hash), created: false };
    const claim = await this.own(userId, id);
    await this.notify.received(policy, claim);
    return { claim, created: true };
  }

  /**
   * Adds a photo to a claim of the caller's (POST /api/claims/:id/photos, the image as the raw
   * body). Everything that can refuse it is checked before a byte of it is read: its declared
   * type and size, the claim (theirs), its room (5 photos) and the caller's tries today. Then it
   * is read, known by its bytes and kept without its metadata. The same photo sent again (a
   * retry after no answer) is the photo already kept: created false.
   */
  async addPhoto(actor: SignedInActor, claimId: string, upload: PhotoUpload): Promise<{ claim: ClaimView; created: boolean }> {
    const userId = actor.userId;
    if (!isClaimPhotoType(upload.contentType)) throw new ClaimException(ClaimErrorCode.PhotoInvalid);
    if (upload.declaresMoreThan(CLAIM_PHOTO_MAX_BYTES)) throw new ClaimException(ClaimErrorCode.PhotoTooLarge);
    const claim = await this.claims.findForUser(claimId, userId);
    if (!claim) throw new ClaimException(ClaimErrorCode.NotFound);
    // A household member adds to a claim when their role reports claims (issue 27); 403 otherwise.
    if (claim.userId !== userId) await this.policies.findForUser(claim.policyId, userId, 'claim');
    if ((await this.claims.photoCount(claim.id)) >= CLAIM_PHOTO_LIMIT) throw new ClaimException(ClaimErrorCode.TooManyPhotos);
    const limit = await this.limiter.hit([rule(`claim-photos:user:${userId}`, CLAIM_PHOTO_TRIES_PER_DAY, 24 * HOUR)]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, `You have sent many photos today: call us at ${CLAIMS_PHONE} to send more.`);
    const photo = claimPhotoOf(await upload.read(CLAIM_PHOTO_MAX_BYTES));
    const added = await this.claims.addPhoto(claim.id, photo);
    if (!added) throw new ClaimException(ClaimErrorCode.TooManyPhotos);
    return { claim: await this.own(userId, claim.id), created: added.created };
  }

  /**
   * A message from the customer (or staff acting for them) on a claim of theirs, once per key; a
   * new one is mailed to the claim's handler (the selling agent, else the claims team).
   */
  async message(actor: SignedInActor, claimId: string, key: string, body: string): Promise<{ claim: ClaimView; created: boolean }> {
    const row = await this.claims.findForUser(claimId, actor.userId);
    if (!row) throw new ClaimException(ClaimErrorCode.NotFound);
    // A household member writes on a claim when their role reports claims, as for its photos (issue 27); 403 otherwise.
    if (row.userId !== actor.userId) await this.policies.findForUser(row.policyId, actor.userId, 'claim');
    const { created } = await this.messages.write(actor, row, 'customer', key, body);
    if (created) await this.notify.customerWrote(row, isOnBehalf(actor));
    return { claim: await this.own(actor.userId, row.id), created };
  }

  list(userId: string): Promise<ClaimView[]> {
    return this.claims.listForUser(userId).then((rows) => this.views.forCustomer(rows, userId));
  }

  /** One claim of the user's; not found for anyone else's. */
  async own(userId: string, id: string): Promise<ClaimView> {
    const row = await this.claims.findForUser(id, userId);
    if (!row) throw new ClaimException(ClaimErrorCode.NotFound);
    return (await this.views.forCustomer([row], userId))[0];
  }

  async photo(userId: string, claimId: string, photoId: string): Promise<StoredClaimPhoto> {
    const row = await this.claims.findForUser(claimId, userId);
    const photo = row && (await this.claims.photo(row.id, photoId));
    if (!photo) throw new ClaimException(ClaimErrorCode.PhotoNotFound);
    return photo;
  }

  /**
   * When it happened, checked against the policy: in force then, not in the future, and the car
   * (by its number on the policy) one the policy covered that day — a car since removed or
   * replaced too, for a day before it left.
   */
  private async checkCovered(policy: PolicyRow, body: NewClaimDto): Promise<Date> {
    // Cover begins at a moment (issue 26): the purchase, for a policy bought on its first day.
    const coverFrom = coverStartsAt(policy);
    if (policy.status === 'pending-confirmation' || !coverFrom) throw new ClaimException(ClaimErrorCode.PolicyNotBound);
    const occurredAt = new Date(body.occurredAt);
    const day = stateDay(occurredAt, policy.state);
    const changes = await this.policies.appliedChanges(policy.id);
    const covered = [policy.vehicles, ...changes.map((c) => c.before.vehicles)];
    if (!covered.some((vehicles) => carNumbered(vehicles, body.vehicleIndex))) throw new ClaimException(ClaimErrorCode.VehicleUnknown);
    if (occurredAt.getTime() > this.clock.now().getTime() + FUTURE_SLACK_MS) throw new ClaimException(ClaimErrorCode.InFuture);
    if (occurredAt < coverFrom) {
      throw new ClaimException(ClaimErrorCode.BeforePolicy, { coverStartsAt: coverFrom.toISOString(), timeZone: timeZoneOf(policy.state) });
    }
    if (policy.cancellationDate && day > policy.cancellationDate) throw new ClaimException(ClaimErrorCode.AfterCoverage);
    // Cancelled for non-payment and reinstated (issue 26): the time between was not covered.
    const gap = (await this.policies.coverGaps(policy.id)).find((g) => occurredAt >= g.from && occurredAt < g.to);
    if (gap)
      throw new ClaimException(ClaimErrorCode.DuringLapse, { from: gap.from.toISOString(), to: gap.to.toISOString(), timeZone: timeZoneOf(policy.state) });
    // A car added or removed by a change is covered from (or up to the day before) its date.
    const current = { baseRateCents: policy.baseRateCents, vehicles: policy.vehicles };
    if (!carNumbered(termsOn(current, changes, day).vehicles, body.vehicleIndex)) throw new ClaimException(ClaimErrorCode.VehicleNotCoveredThen);
    return occurredAt;
  }

  private async replay(userId: string, earlier: { id: string; requestHash: string }, hash: string): Promise<ClaimView> {
    if (earlier.requestHash !== hash) throw new ClaimException(ClaimErrorCode.IdempotencyKeyReused);
    return this.own(userId, earlier.id);
  }
}
