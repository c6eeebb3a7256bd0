import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { cleanPhoto, type PhotoType } from '../../common/images/strip-image-metadata';
import { isDayRange } from '../../common/validation/calendar-day';
import { MAX_RANGE_DAYS } from '../../shared/dates/calendar-day';
import { addDays, nextDay } from '../../shared/dates/iso-day';
import { localDay, spreadOverDays, startOfLocalDay, stateDay, timeZoneOf } from '../../shared/dates/state-day';
import { MAX_TRIPS_LISTED, PHOTO_MAX_BYTES, type CarDays, type CarTrips, type TripView } from '../../shared/miles/miles-model';
import { carCoverStartsAt } from '../../shared/policy/cover-start';
import { carNumbered } from '../../shared/policy/policy-cars';
import { FINAL_MILES_DAYS, type PolicyVehicle } from '../../shared/policy/policy-model';
import { StaffScope } from '../agent';
import { AuditService } from '../audit';
import { PolicyRecords } from '../policy';
import { type Actor, personOf, type SignedInActor } from '../session';
import { dailyMiles, milesByDay, type DayMiles, type OdometerReading, type ResolvedDay, type TripSpan } from './daily-miles';
import { tokenHash } from './device-token.guard';
import { DeviceRepository, type DeviceRow } from './device.repository';
import { LocationChoiceService } from './location-choice.service';
import { MilesNotifications } from './miles-notifications.service';
import { MilesErrorCode, MilesException } from './miles.exception';
import { MilesRepository, type DisputeRow, type StoredPhoto, type TripRow } from './miles.repository';
import type { PolicyNeed } from '../../shared/policy/household-model';
import type { PolicyRow } from '../policy';
import type { DisputeDecisionDto, DisputeDto, DisputeView, OdometerDto, TripDto, TripFlagDto } from './miles.dto';

/** More than this in one day is refused: no car on a policy of ours covers it. */
export const MAX_MILES_A_DAY = 1000;
const FUTURE_SLACK_MS = 5 * 60_000;

export type TripRejection = 'VEHICLE_UNKNOWN' | 'ENDS_BEFORE_START' | 'IN_FUTURE' | 'BEFORE_POLICY' | 'AFTER_COVERAGE' | 'OVERLAPS' | 'OVER_1000_MILES_A_DAY';

const REJECTION_MESSAGES: Record<TripRejection, string> = {
  VEHICLE_UNKNOWN: 'This car is not on an active policy of yours.',
  ENDS_BEFORE_START: 'The trip ends before it starts.',
  IN_FUTURE: 'The trip ends in the future.',
  BEFORE_POLICY: "The trip starts before the policy's cover (or this car's on it) began.",
  AFTER_COVERAGE: 'The trip starts after the policy ended.',
  OVERLAPS: 'The trip overlaps another trip of the same car.',
  OVER_1000_MILES_A_DAY: 'More than 1,000 miles in a day for this car.',
};

export interface TripsAnswer {
  accepted: string[];
  duplicates: string[];
  rejected: { clientTripId: string; reason: TripRejection; message: string }[];
}

interface Car {
  policy: PolicyRow;
  /** The car's number on the policy (`PolicyVehicle.vehicleIndex`). */
  index: number;
  /** The first day it is covered: the policy's start, or the day a change added it (or had it replace another). */
  since: string;
  /**
   * The moment its cover begins: the policy's (the bound moment, for a policy bought on its first
   * day), or the start of the day a change added it. Nothing dated before it is taken.
   */
  coverFrom: Date;
  /** The last day it is covered, when known: the policy's cancellation, or the day before a change removed (or replaced) it. */
  until?: string;
}

type CoveredCar = PolicyVehicle & Pick<Car, 'since' | 'until'>;
/** A car of the policy, now or once (`removed`: a change took it off, `until` its last covered day). */
type ShownCar = CoveredCar & { removed: boolean };

function tripView(row: TripRow, timeZone: string): TripView {
  const startedAt = new Date(row.startedAt);
  return {
    id: row.id,
    day: localDay(startedAt, timeZone),
    startedAt: startedAt.toISOString(),
    endedAt: new Date(row.endedAt).toISOString(),
    miles: row.miles,
    startCity: row.startCity,
    endCity: row.endCity,
    hasLocation: row.hasLocation,
  };
}

function disputeView(row: DisputeRow): DisputeView {
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null };
}

/** What a refusal for a moment before cover adds to its envelope: when cover began, and the zone to read it in. */
function coverExtra(car: Car): { coverStartsAt: string; timeZone: string } {
  return { coverStartsAt: car.coverFrom.toISOString(), timeZone: timeZoneOf(car.policy.state) };
}

/** The photos an odometer reading or a disputed day may carry. */
const MILES_PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png'];

/** An odometer photo (base64) as we keep it: a JPEG or PNG by its bytes, at most 2 MB, without its metadata (GPS position, device serial). */
function decodePhoto(photo: string | undefined): { photo: Buffer | null; photoType: string | null } {
  if (!photo) return { photo: null, photoType: null };
  const bytes = Buffer.from(photo, 'base64');
  const cleaned = bytes.length <= PHOTO_MAX_BYTES ? cleanPhoto(bytes, MILES_PHOTO_TYPES) : null;
  if (!cleaned) throw new MilesException(MilesErrorCode.PhotoInvalid);
  return { photo: cleaned.bytes, photoType: cleaned.contentType };
}

/**
 * Miles coming in — the app's trips and odometer readings, the web's readings and disputed
 * days — checked against the car's policy and its other records, and the miles per day they
 * give (daily-miles.ts).
 */
@Injectable()
export class MilesService {
  constructor(
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly devices: DeviceRepository,
    private readonly miles: MilesRepository,
    private readonly policies: PolicyRecords,
    private readonly notify: MilesNotifications,
    private readonly locations: LocationChoiceService,
  ) {}

  /** A device for the signed-in app: the token is answered once and kept only as its hash. */
  async registerDevice(userId: string, name: string, platform: string): Promise<{ device: DeviceRow; token: string }> {
    const token = `mtd_${randomBytes(32).toString('base64url')}`;
    return { device: await this.devices.create({ userId, tokenHash: tokenHash(token), name, platform }), token };
  }

  async revokeDevice(userId: string, id: string): Promise<void> {
    if (!(await this.devices.revoke(id, userId))) throw new MilesException(MilesErrorCode.DeviceNotFound);
  }

  /**
   * Whether a policy's cars take miles: while it is active, and for a few days after it ends on
   * cancellation (late trips, a final reading) for the days it covered.
   */
  private takesMiles(policy: PolicyRow): boolean {
    if (policy.status === 'active') return true;
    return (
      policy.status === 'cancelled' &&
      policy.cancellationDate !== null &&
      stateDay(this.clock.now(), policy.state) <= addDays(policy.cancellationDate, FINAL_MILES_DAYS)
    );
  }

  /**
   * The policy's cars that take miles, each with the days it is covered: those on it now (from
   * the day a change added one), and one a change removed (or replaced) for a few days after, for
   * the days it was covered (late trips, a final reading), as after a cancellation.
   */
  private async carsTakingMiles(policy: PolicyRow): Promise<CoveredCar[]> {
    if (!this.takesMiles(policy)) return [];
    const today = stateDay(this.clock.now(), policy.state);
    return (await this.carsEver(policy)).filter((car) => !car.removed || today <= addDays(car.until!, FINAL_MILES_DAYS));
  }

  /**
   * Every car the policy has had: its cars now (covered until a cancellation), and each car a
   * change took off it (covered until the day before the change, or the cancellation if sooner).
   */
  private async carsEver(policy: PolicyRow): Promise<ShownCar[]> {
    const cancelled = policy.cancellationDate ?? undefined;
    const changes = await this.policies.appliedChanges(policy.id);
    /** The day a change brought the car onto the policy, if one did. */
    const added = (vehicleIndex: number) =>
      changes.find((c) => carNumbered(c.after.vehicles, vehicleIndex) && !carNumbered(c.before.vehicles, vehicleIndex))?.effectiveDate;
    const since = (vehicleIndex: number) => added(vehicleIndex) ?? policy.effectiveDate;
    const removed = changes.flatMap((change) =>
      change.before.vehicles
        .filter((car) => !carNumbered(change.after.vehicles, car.vehicleIndex) && !carNumbered(policy.vehicles, car.vehicleIndex))
        .map((car) => {
          const until = addDays(change.effectiveDate, -1);
          return { ...car, since: since(car.vehicleIndex), until: cancelled && cancelled < until ? cancelled : until, removed: true };
        }),
    );
    return [...policy.vehicles.map((car) => ({ ...car, since: since(car.vehicleIndex), until: cancelled, removed: false })), ...removed];
  }

  /** The cars whose miles from..to the customer sees: the policy's cars, and each car taken off it that was on it some day of the range. */
  private async carsShown(policy: PolicyRow, from: string, to: string): Promise<ShownCar[]> {
    return (await this.carsEver(policy)).filter((car) => !car.removed || (car.until! >= from && car.since <= to));
  }

  /** The cars the app may send miles for: those of the user's policies that take miles, keyed by policy and the car's number. */
  async cars(userId: string) {
    const policies = await this.policies.listForUser(userId);
    const listed = await Promise.all(policies.map(async (p) => ({ p, cars: await this.carsTakingMiles(p) })));
    return listed
      .filter(({ cars }) => cars.length > 0)
      .map(({ p, cars }) => ({
        policyId: p.id,
        number: p.number,
        effectiveDate: p.effectiveDate,
        timeZone: timeZoneOf(p.state),
        // When each car's cover began (issue 26): the app sends nothing from before it.
        vehicles: cars.map((v) => ({
          key: `${p.id}:${v.vehicleIndex}`,
          year: v.year,
          make: v.make,
          model: v.model,
          coverStartsAt: carCoverStartsAt(p, v.since)?.toISOString() ?? null,
        })),
      }));
  }

  /** The car a key ("policy id:car number") names, when it is the user's and takes miles. */
  private async car(userId: string, key: string, cache = new Map<string, Promise<Car[]>>(), need?: PolicyNeed): Promise<Car | undefined> {
    const [policyId, index] = [key.slice(0, 36).toLowerCase(), Number(key.slice(37))];
    if (!cache.has(policyId))
      cache.set(
        policyId,
        // The app sends miles for its owner's policies; the web's readings and disputes take the policy's access rule (issue 27).
        (need ? this.policies.findForUser(policyId, userId, need) : this.policies.findOwnedBy(policyId, userId)).then(async (policy) =>
          policy
            ? (await this.carsTakingMiles(policy)).flatMap(({ vehicleIndex, since, until }) => {
                // An active policy is bound; one that is not covers nothing, so takes nothing.
                const coverFrom = carCoverStartsAt(policy, since);
                return coverFrom ? [{ policy, index: vehicleIndex, since, until, coverFrom }] : [];
              })
            : [],
        ),
      );
    return (await cache.get(policyId)!).find((car) => car.index === index);
  }

  /** Each trip accepted, recognised as a retry, or refused with its reason; never all-or-nothing. */
  async addTrips(device: DeviceRow, trips: TripDto[]): Promise<TripsAnswer> {
    const answer: TripsAnswer = { accepted: [], duplicates: [], rejected: [] };
    const known = await this.miles.knownTripIds(
      device.id,
      trips.map((t) => t.clientTripId),
    );
    const policies = new Map<string, Promise<Car[]>>();
    const now = this.clock.now().getTime();
    // Read once for the batch: under miles-only no trip of it is stored with its route, whatever the app sent.
    const choice = await this.locations.choiceOf(device.userId);
    for (const trip of trips) {
      if (known.has(trip.clientTripId) || answer.accepted.includes(trip.clientTripId)) {
        answer.duplicates.push(trip.clientTripId);
        continue;
      }
      const car = await this.car(device.userId, trip.vehicle, policies);
      const outcome = car
        ? await this.addTrip(device, car, { ...trip, route: LocationChoiceService.routeToStore(choice, trip.route) ?? undefined }, now)
        : 'VEHICLE_UNKNOWN';
      if (outcome === 'accepted') answer.accepted.push(trip.clientTripId);
      else if (outcome === 'duplicate') answer.duplicates.push(trip.clientTripId);
      else answer.rejected.push({ clientTripId: trip.clientTripId, reason: outcome, message: REJECTION_MESSAGES[outcome] });
    }
    return answer;
  }

  /**
   * One trip: what the trip says of itself is checked first; its fit with the car's other trips
   * is checked and the trip stored under the car's lock, so concurrent batches cannot both store
   * overlapping trips (or together pass 1,000 miles in a day).
   */
  private async addTrip(device: DeviceRow, car: Car, trip: TripDto, now: number): Promise<'accepted' | 'duplicate' | TripRejection> {
    const [start, end] = [new Date(trip.startedAt), new Date(trip.endedAt)];
    if (end < start) return 'ENDS_BEFORE_START';
    if (end.getTime() > now + FUTURE_SLACK_MS) return 'IN_FUTURE';
    const timeZone = timeZoneOf(car.policy.state);
    // A trip has its moments: one that started before cover began is refused whole, even on the
    // first day (its miles before the purchase were not insured, so they are not billed either).
    if (start < car.coverFrom) return 'BEFORE_POLICY';
    if (car.until && start >= startOfLocalDay(nextDay(car.until), timeZone)) return 'AFTER_COVERAGE';
    return this.miles.withCarLock(car.policy.id, car.index, async () => {
      // A retry racing its first send: already stored by then, so a duplicate, not an overlap.
      if ((await this.miles.knownTripIds(device.id, [trip.clientTripId])).size > 0) return 'duplicate';
      // The whole days the trip touches, with the car's other trips on them.
      const span = milesByDay([{ startedAt: start, endedAt: end, miles: trip.miles }], timeZone);
      const days = [...span.keys()].sort();
      const others = await this.miles.tripsBetween(
        car.policy.id,
        car.index,
        startOfLocalDay(days[0], timeZone),
        startOfLocalDay(nextDay(days[days.length - 1]), timeZone),
      );
      if (others.some((o) => o.startedAt < end && o.endedAt > start)) return 'OVERLAPS';
      const withOthers = milesByDay([...others, { startedAt: start, endedAt: end, miles: trip.miles }], timeZone);
      if (days.some((day) => (withOthers.get(day) ?? 0) > MAX_MILES_A_DAY)) return 'OVER_1000_MILES_A_DAY';
      const stored = await this.miles.insertTrip(device.id, {
        clientTripId: trip.clientTripId,
        policyId: car.policy.id,
        vehicleIndex: car.index,
        startedAt: start,
        endedAt: end,
        miles: trip.miles,
        route: trip.route ?? null,
      });
      return stored ? 'accepted' : 'duplicate';
    });
  }

  /** A reading from the app, for the car its key names. */
  addAppReading(device: DeviceRow, vehicle: string, body: OdometerDto) {
    return this.addReading(device.userId, vehicle, body, 'app');
  }

  /** A reading typed on the web by the policy's owner, or by staff acting for them (audited). */
  async addWebReading(actor: SignedInActor, policyId: string, body: OdometerDto) {
    const saved = await this.addReading(actor.userId, `${policyId}:${body.vehicleIndex ?? 0}`, body, 'web', actor);
    const { policyNumber: _number, ...answer } = saved;
    return answer;
  }

  /**
   * An odometer reading: dated within the policy, never lower than the one before it (nor higher
   * than the one after), checked and stored under the car's lock. An implausible jump is kept,
   * flagged for staff to look at, rather than silently trusted.
   */
  private async addReading(userId: string, key: string, body: OdometerDto, source: 'app' | 'web', actor?: Actor) {
    const car = await this.car(userId, key, undefined, source === 'web' ? 'change' : undefined);
    if (!car) throw new MilesException(MilesErrorCode.VehicleUnknown);
    // Staff typing a reading for the customer pass the licence rule (issue 30); the app is the customer's.
    if (actor) await this.policies.assertMayAct(actor, car.policy);
    const readAt = body.readAt ? new Date(body.readAt) : this.clock.now();
    if (readAt.getTime() > this.clock.now().getTime() + FUTURE_SLACK_MS) throw new MilesException(MilesErrorCode.ReadingInFuture);
    // A reading has its moment too: one taken before cover began (earlier on the day of the
    // purchase) would bill miles driven uninsured.
    if (readAt < car.coverFrom) throw new MilesException(MilesErrorCode.ReadingBeforePolicy, coverExtra(car));
    const photo = decodePhoto(body.photo);
    const saved = await this.miles.withCarLock(car.policy.id, car.index, async () => {
      const { before, after } = await this.miles.neighbourReadings(car.policy.id, car.index, readAt);
      if ((before && body.reading < before.reading) || (after && body.reading > after.reading)) {
        throw new MilesException(MilesErrorCode.OdometerWentDown, { previous: before?.reading ?? null });
      }
      let flag: string | null = null;
      if (before) {
        const days = Math.max(1, (readAt.getTime() - new Date(before.readAt).getTime()) / 86_400_000);
        if ((body.reading - before.reading) / days > MAX_MILES_A_DAY) flag = 'OVER_1000_MILES_A_DAY';
      }
      return this.miles.insertReading({ policyId: car.policy.id, vehicleIndex: car.index, reading: body.reading, readAt, source, ...photo, flag });
    });
    return {
      id: saved.id,
      vehicle: key,
      reading: saved.reading,
      readAt: new Date(saved.readAt).toISOString(),
      flag: saved.flag,
      policyNumber: car.policy.number,
    };
  }

  /** The policy's odometer readings, newest first, flags included (its owner, or staff acting for them). */
  async readings(userId: string, policyId: string) {
    return this.readingsOf(await this.ownedPolicy(userId, policyId));
  }

  /** `readings` of a policy its caller has already found to be the asker's (My account's server render reads the row once). */
  async readingsOf(policy: PolicyRow) {
    return (await this.miles.listReadings(policy.id)).map((r) => ({ ...r, readAt: new Date(r.readAt).toISOString() }));
  }

  /**
   * Everything the miles hold of a policy, for its owner's data export (issue 27): every trip with
   * the location kept with it, every odometer reading (whether it has a photo) and every dispute.
   */
  async exportOf(policy: PolicyRow) {
    const [trips, readings, disputes] = await Promise.all([this.miles.allTrips(policy.id), this.readingsOf(policy), this.disputesOf(policy)]);
    return {
      trips: trips.map((t) => ({
        id: t.id,
        vehicleIndex: t.vehicleIndex,
        startedAt: new Date(t.startedAt).toISOString(),
        endedAt: new Date(t.endedAt).toISOString(),
        miles: t.miles,
        location: t.route,
      })),
      readings,
      disputes,
    };
  }

  private async ownedPolicy(userId: string, policyId: string): Promise<PolicyRow> {
    const policy = await this.policies.findForUser(policyId, userId, 'view');
    if (!policy) throw new MilesException(MilesErrorCode.VehicleUnknown);
    return policy;
  }

  /** What staff review: flagged readings and open disputes; an agent's own sales only, an admin's all. */
  review(actor: Actor) {
    return this.miles.reviewList(StaffScope.of(actor));
  }

  /** Miles per day of each car of the policy, from `from` to `to` (its state's days). */
  async dailyMilesFor(userId: string, policyId: string, from: string, to: string): Promise<CarDays[]> {
    // The DTO checked it already; kept here so no other caller can start a loop over an unbounded range.
    if (!isDayRange(from, to, MAX_RANGE_DAYS)) throw new MilesException(MilesErrorCode.RangeInvalid);
    return this.dailyMilesOf(await this.ownedPolicy(userId, policyId), from, to);
  }

  /** `dailyMilesFor` of a policy already found to be the asker's. */
  async dailyMilesOf(policy: PolicyRow, from: string, to: string): Promise<CarDays[]> {
    if (!isDayRange(from, to, MAX_RANGE_DAYS)) throw new MilesException(MilesErrorCode.RangeInvalid);
    return this.daysOfCars(policy, await this.carsShown(policy, from, to), from, to);
  }

  /**
   * `dailyMilesOf` and `tripsOf` of one range together, the policy's cars read once for both
   * (My account's billing block, read with the page, shows both).
   */
  async daysAndTripsOf(policy: PolicyRow, from: string, to: string): Promise<{ days: CarDays[]; trips: CarTrips[] }> {
    if (!isDayRange(from, to, MAX_RANGE_DAYS)) throw new MilesException(MilesErrorCode.RangeInvalid);
    const cars = await this.carsShown(policy, from, to);
    const [days, trips] = await Promise.all([this.daysOfCars(policy, cars, from, to), this.tripsOfCars(policy, cars, from, to)]);
    return { days, trips };
  }

  /** A car taken off the policy in the range shows with its own days, up to its last (issue 27). */
  private daysOfCars(policy: PolicyRow, cars: ShownCar[], from: string, to: string): Promise<CarDays[]> {
    return Promise.all(
      cars.map(async (car) => ({
        vehicle: `${policy.id}:${car.vehicleIndex}`,
        days: await this.carDays(policy, car.vehicleIndex, from, car.removed && car.until! < to ? car.until! : to),
        ...(car.removed && { removed: { year: car.year, make: car.make, model: car.model, until: car.until! } }),
      })),
    );
  }

  /** Each car's trips that started from `from` to `to` (the state's days), oldest first: the trips behind the days' miles. */
  async tripsFor(userId: string, policyId: string, from: string, to: string): Promise<CarTrips[]> {
    if (!isDayRange(from, to, MAX_RANGE_DAYS)) throw new MilesException(MilesErrorCode.RangeInvalid);
    return this.tripsOf(await this.ownedPolicy(userId, policyId), from, to);
  }

  /** `tripsFor` of a policy already found to be the asker's. */
  async tripsOf(policy: PolicyRow, from: string, to: string): Promise<CarTrips[]> {
    if (!isDayRange(from, to, MAX_RANGE_DAYS)) throw new MilesException(MilesErrorCode.RangeInvalid);
    return this.tripsOfCars(policy, await this.carsShown(policy, from, to), from, to);
  }

  private tripsOfCars(policy: PolicyRow, cars: ShownCar[], from: string, to: string): Promise<CarTrips[]> {
    const timeZone = timeZoneOf(policy.state);
    const [start, end] = [startOfLocalDay(from, timeZone), startOfLocalDay(nextDay(to), timeZone)];
    return Promise.all(
      cars.map(async ({ vehicleIndex }) => {
        const rows = await this.miles.listTrips(policy.id, vehicleIndex, start, end, MAX_TRIPS_LISTED + 1);
        const trips = rows.slice(0, MAX_TRIPS_LISTED).map((row) => tripView(row, timeZone));
        return { vehicle: `${policy.id}:${vehicleIndex}`, timeZone, trips, more: rows.length > MAX_TRIPS_LISTED };
      }),
    );
  }

  /** Marks disputed days corrected on a statement as adjusted there, in the transaction that made it (billing's). */
  markDisputesAdjusted(statementId: string, disputeIds: string[]): Promise<void> {
    return this.miles.markAdjusted(statementId, disputeIds);
  }

  /** When miles last came in for the policy (a trip or a reading), for the reminder to send some. */
  lastMilesAt(policy: PolicyRow): Promise<Date | null> {
    return this.miles.lastMilesAt(policy.id);
  }

  /** Each car's billable miles over the days from..to, accepted disputes included, in the order of `policy.vehicles`: what a statement bills. */
  async billableMilesFor(policy: PolicyRow, from: string, to: string): Promise<number[]> {
    const cars = await this.policyDays(policy, from, to);
    return cars.map((car) => Math.round(car.days.reduce((sum, day) => sum + day.billableMiles, 0) * 100) / 100);
  }

  private async policyDays(policy: PolicyRow, from: string, to: string): Promise<{ vehicle: string; days: DayMiles[] }[]> {
    return Promise.all(
      policy.vehicles.map(async ({ vehicleIndex }) => ({ vehicle: `${policy.id}:${vehicleIndex}`, days: await this.carDays(policy, vehicleIndex, from, to) })),
    );
  }

  /** One car's (by its number) days from..to, from its trips and readings and, unless told not to, the days staff settled on a dispute. */
  private async carDays(policy: PolicyRow, index: number, from: string, to: string, options: { disputes: boolean } = { disputes: true }): Promise<DayMiles[]> {
    const timeZone = timeZoneOf(policy.state);
    const [start, end] = [startOfLocalDay(from, timeZone), startOfLocalDay(nextDay(to), timeZone)];
    // Three reads at once: My account's billing block waits for them per car (issue 29).
    const [trips, readings, resolved]: [TripSpan[], OdometerReading[], ResolvedDay[]] = await Promise.all([
      this.miles.tripsBetween(policy.id, index, start, end),
      this.miles.readingsAround(policy.id, index, start, end),
      options.disputes ? this.miles.acceptedDays(policy.id, index, from, to) : Promise.resolve([]),
    ]);
    return dailyMiles({ from, to, timeZone, trips, readings, resolved });
  }

  /** A disputed day of a car: a day of the policy up to today (the state's), once; staff acting for the owner audited. */
  async dispute(actor: SignedInActor, policyId: string, body: DisputeDto) {
    const car = await this.car(actor.userId, `${policyId}:${body.vehicleIndex}`, undefined, 'change');
    if (!car) throw new MilesException(MilesErrorCode.VehicleUnknown);
    await this.policies.assertMayAct(actor, car.policy);
    const today = stateDay(this.clock.now(), car.policy.state);
    // A day the car was covered: from the day it came onto the policy to the day it left (or today).
    if (body.day < car.since || body.day > today || (car.until && body.day > car.until))
      throw new MilesException(MilesErrorCode.DayOutOfPolicy, coverExtra(car));
    const claimedMiles = body.claimedMiles ?? null;
    const saved = await this.miles.insertDispute({
      policyId: car.policy.id,
      vehicleIndex: car.index,
      day: body.day,
      reason: body.reason.trim(),
      claimedMiles,
      ...decodePhoto(body.photo),
    });
    if (!saved) throw new MilesException(MilesErrorCode.DisputeExists);
    return { id: saved.id, day: body.day, vehicleIndex: car.index, claimedMiles, status: 'open' as const };
  }

  /**
   * A trip the customer flags ("I was a passenger", "not my car", issue 27): a dispute of the day
   * it started, which staff review as any dispute. The miles claimed are the day's without the
   * trip's share of it (a trip past midnight keeps its share of the next day, which can be
   * disputed on its own). One dispute a car and day, as for a disputed day (409 after).
   */
  async flagTrip(actor: SignedInActor, policyId: string, tripId: string, body: TripFlagDto) {
    const policy = await this.policies.findForUser(policyId, actor.userId, 'change');
    const trip = policy && (await this.miles.findTripOfPolicy(policy.id, tripId));
    if (!policy || !trip) throw new MilesException(MilesErrorCode.TripNotFound);
    await this.policies.assertMayAct(actor, policy);
    const timeZone = timeZoneOf(policy.state);
    const day = localDay(trip.startedAt, timeZone);
    const share = spreadOverDays(trip.startedAt, trip.endedAt, trip.miles, timeZone).get(day) ?? trip.miles;
    const [measured] = await this.carDays(policy, trip.vehicleIndex, day, day, { disputes: false });
    const claimedMiles = Math.max(0, Math.round(measured.miles - share));
    const saved = await this.miles.insertDispute({
      policyId: policy.id,
      vehicleIndex: trip.vehicleIndex,
      day,
      reason: body.note?.trim() ?? '',
      claimedMiles,
      photo: null,
      photoType: null,
      trip: { id: trip.id, flag: body.flag },
    });
    if (!saved) throw new MilesException(MilesErrorCode.DisputeExists);
    return { id: saved.id, day, vehicleIndex: trip.vehicleIndex, claimedMiles, status: 'open' as const, tripId: trip.id, flag: body.flag };
  }

  async disputes(userId: string, policyId: string): Promise<DisputeView[]> {
    return this.disputesOf(await this.ownedPolicy(userId, policyId));
  }

  /** `disputes` of a policy already found to be the asker's. */
  async disputesOf(policy: PolicyRow): Promise<DisputeView[]> {
    return (await this.miles.listDisputes(policy.id)).map(disputeView);
  }

  /**
   * Staff decide an open dispute of a policy within their reach (else it is not found). Accepted,
   * the day's miles become `miles` (still billed at most 250), and the day's billable miles just
   * before are kept beside them for billing to adjust a statement that already billed the day.
   * Decided under the car's lock, so no trip lands between that figure and the decision; decided
   * once (409 after). Audited, and the customer told in their language.
   */
  async decide(actor: SignedInActor, disputeId: string, body: DisputeDecisionDto): Promise<DisputeView> {
    if (body.decision === 'accepted' && body.miles === undefined) throw new MilesException(MilesErrorCode.DecisionMilesRequired);
    if (body.decision === 'rejected' && body.miles !== undefined) throw new MilesException(MilesErrorCode.DecisionMilesOnReject);
    const dispute = await this.miles.findDisputeForStaff(disputeId, StaffScope.of(actor));
    if (!dispute) throw new MilesException(MilesErrorCode.DisputeNotFound);
    if (dispute.status !== 'open') throw new MilesException(MilesErrorCode.DisputeDecided);
    const policy = (await this.policies.findById(dispute.policyId))!;
    const note = body.note?.trim() || null;
    const measured = await this.miles.withCarLock(policy.id, dispute.vehicleIndex, async () => {
      const [day] = await this.carDays(policy, dispute.vehicleIndex, dispute.day, dispute.day, { disputes: false });
      const accepted = body.decision === 'accepted';
      const decided = await this.miles.decideDispute(dispute.id, {
        status: body.decision,
        resolvedMiles: accepted ? body.miles! : null,
        previousBillableMiles: accepted ? day.billableMiles : null,
        note,
        decidedBy: personOf(actor),
        decidedAt: this.clock.now(),
      });
      if (!decided) throw new MilesException(MilesErrorCode.DisputeDecided);
      return day;
    });
    const miles = body.decision === 'accepted' ? body.miles! : measured.miles;
    await this.audit.record(actor, `miles.dispute.${body.decision === 'accepted' ? 'accept' : 'reject'}`, {
      target: `${dispute.policyNumber} car ${dispute.vehicleIndex}: ${dispute.day}, ${body.decision === 'accepted' ? `${measured.billableMiles} → ${body.miles} miles` : `${measured.miles} miles kept`}`,
      customer: { id: dispute.customerId, email: dispute.customerEmail },
    });
    await this.notify.disputeDecided(policy, { vehicle: dispute.car, day: dispute.day, decision: body.decision, miles, note });
    const decided = (await this.miles.listDisputes(policy.id)).find((d) => d.id === dispute.id)!;
    return disputeView(decided);
  }

  /** A dispute's photo for its policy's owner (or staff acting for them); not found for anyone else, or without a photo. */
  disputePhotoForOwner(userId: string, policyId: string, disputeId: string): Promise<StoredPhoto> {
    return this.photoForOwner(userId, policyId, (id) => this.miles.disputePhotoOfPolicy(id, disputeId));
  }

  /** A reading's photo, for the policy's owner (or staff acting for them) only. */
  readingPhotoForOwner(userId: string, policyId: string, readingId: string): Promise<StoredPhoto> {
    return this.photoForOwner(userId, policyId, (id) => this.miles.readingPhotoOfPolicy(id, readingId));
  }

  /** A photo of one of the owner's policies: the same 404 for another's policy, another's record, or none kept. */
  private async photoForOwner(userId: string, policyId: string, read: (policyId: string) => Promise<StoredPhoto | undefined>): Promise<StoredPhoto> {
    const policy = await this.policies.findForUser(policyId, userId, 'view');
    const photo = policy ? await read(policy.id) : undefined;
    if (!photo) throw new MilesException(MilesErrorCode.PhotoNotFound);
    return photo;
  }

  /** A dispute's or a reading's photo for staff with that policy in their reach. */
  async photoForStaff(actor: SignedInActor, kind: 'dispute' | 'reading', id: string): Promise<StoredPhoto> {
    const photo =
      kind === 'dispute' ? await this.miles.disputePhotoForStaff(id, StaffScope.of(actor)) : await this.miles.readingPhotoForStaff(id, StaffScope.of(actor));
    if (!photo) throw new MilesException(MilesErrorCode.PhotoNotFound);
    // A customer's odometer seen on the review screen is a sensitive read, acting for them or not.
    await this.audit.record(actor, kind === 'dispute' ? 'miles.dispute.photo.view' : 'miles.reading.photo.view', {
      target: `${photo.policyNumber}: ${id}`,
      customer: { id: photo.customerId, email: photo.customerEmail },
    });
    return photo;
  }
}
