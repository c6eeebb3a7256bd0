import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { readOnce } from '../../database/read-once';
import { type StaffScope, staffScopeSql } from '../agent';
import type { ChangedRows } from '../../database/changed-rows';
import type { DisputeView, FlaggedTrip, TripFlag } from '../../shared/miles/miles-model';
import type { OdometerReading, ResolvedDay, TripSpan } from './daily-miles';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface NewTrip {
  clientTripId: string;
  policyId: string;
  vehicleIndex: number;
  startedAt: Date;
  endedAt: Date;
  miles: number;
  route: unknown;
}

export interface ReadingRow extends OdometerReading {
  id: string;
  flag: string | null;
}

/** Staff's reach, `$2` being the agent's producer id or null for an admin: an agent's own sales, an admin's all. */

/** Trips, odometer readings and disputed days, per car of a policy. */
/** An instant as the API writes it (`toISOString`), for instants built into JSON by the database. */
const UTC_ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

@Injectable()
export class MilesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Runs `work` in a transaction holding the car's lock, so that checking a trip or reading
   * against the car's others and storing it is one step: two batches (two devices, two server
   * instances) can never both store overlapping trips or readings that go down between them.
   */
  withCarLock<T>(policyId: string, vehicleIndex: number, work: () => Promise<T>): Promise<T> {
    return this.txHost.withTransaction(async () => {
      await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`miles:${policyId}:${vehicleIndex}`]);
      return work();
    });
  }

  /** Stores a trip once per device and client id: false when it was already there (the app retrying). */
  async insertTrip(deviceId: string, trip: NewTrip): Promise<boolean> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO trips (policy_id, vehicle_index, device_id, client_trip_id, started_at, ended_at, miles, route)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (device_id, client_trip_id) DO NOTHING RETURNING id`,
      [trip.policyId, trip.vehicleIndex, deviceId, trip.clientTripId, trip.startedAt, trip.endedAt, trip.miles, trip.route ? JSON.stringify(trip.route) : null],
    );
    return rows.length > 0;
  }

  async knownTripIds(deviceId: string, clientTripIds: string[]): Promise<Set<string>> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(`SELECT client_trip_id AS id FROM trips WHERE device_id = $1 AND client_trip_id = ANY($2)`, [
      deviceId,
      clientTripIds,
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** The car's trips that overlap [from, to). */
  tripsBetween(policyId: string, vehicleIndex: number, from: Date, to: Date): Promise<TripSpan[]> {
    return readOnce(`trips ${policyId} ${vehicleIndex} ${from.toISOString()} ${to.toISOString()}`, () => this.tripSpans(policyId, vehicleIndex, from, to));
  }

  private tripSpans(policyId: string, vehicleIndex: number, from: Date, to: Date): Promise<TripSpan[]> {
    return this.txHost.tx
      .query<TripSpan[]>(
        `SELECT started_at AS "startedAt", ended_at AS "endedAt", miles::float AS miles FROM trips
          WHERE policy_id = $1 AND vehicle_index = $2 AND started_at < $4 AND ended_at > $3 ORDER BY started_at`,
        [policyId, vehicleIndex, from, to],
      )
      .then((rows) => rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt), endedAt: new Date(r.endedAt) })));
  }

  /**
   * The car's trips that start in [from, to), oldest first, as the profile lists them: where
   * each started and ended (the app's city names, if it sent any), and its miles. At most `limit`.
   */
  /** One trip of the policy (any of its cars), or undefined. */
  async findTripOfPolicy(policyId: string, id: string): Promise<(TripSpan & { id: string; vehicleIndex: number }) | undefined> {
    const [row] = await this.txHost.tx.query<{ id: string; vehicleIndex: number; startedAt: Date; endedAt: Date; miles: number }[]>(
      `SELECT id, vehicle_index AS "vehicleIndex", started_at AS "startedAt", ended_at AS "endedAt", miles::float8 AS miles FROM trips WHERE id = $1 AND policy_id = $2`,
      [id, policyId],
    );
    return row && { ...row, startedAt: new Date(row.startedAt), endedAt: new Date(row.endedAt) };
  }

  listTrips(policyId: string, vehicleIndex: number, from: Date, to: Date, limit: number): Promise<TripRow[]> {
    return this.txHost.tx.query<TripRow[]>(
      `SELECT id, started_at AS "startedAt", ended_at AS "endedAt", miles::float8 AS miles,
              route ->> 'startCity' AS "startCity", route ->> 'endCity' AS "endCity", route IS NOT NULL AS "hasLocation"
         FROM trips WHERE policy_id = $1 AND vehicle_index = $2 AND started_at >= $3 AND started_at < $4
        ORDER BY started_at, id LIMIT $5`,
      [policyId, vehicleIndex, from, to, limit],
    );
  }

  /** Every trip of the policy, oldest first, with the route summary kept under the customer's `keep` choice (the data export). */
  allTrips(policyId: string): Promise<ExportedTripRow[]> {
    return this.txHost.tx.query<ExportedTripRow[]>(
      `SELECT id, vehicle_index AS "vehicleIndex", started_at AS "startedAt", ended_at AS "endedAt", miles::float AS miles, route
         FROM trips WHERE policy_id = $1 ORDER BY started_at, id`,
      [policyId],
    );
  }

  async insertReading(reading: {
    policyId: string;
    vehicleIndex: number;
    reading: number;
    readAt: Date;
    source: 'app' | 'web';
    photo: Buffer | null;
    photoType: string | null;
    flag: string | null;
  }): Promise<ReadingRow> {
    const [row] = await this.txHost.tx.query<ReadingRow[]>(
      `INSERT INTO odometer_readings (policy_id, vehicle_index, reading, read_at, source, photo, photo_type, flag) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, reading, read_at AS "readAt", flag`,
      [reading.policyId, reading.vehicleIndex, reading.reading, reading.readAt, reading.source, reading.photo, reading.photoType, reading.flag],
    );
    return row;
  }

  /** The readings just before and after an instant (to check a new one fits between them). */
  async neighbourReadings(policyId: string, vehicleIndex: number, at: Date): Promise<{ before?: ReadingRow; after?: ReadingRow }> {
    const select = `SELECT id, reading, read_at AS "readAt", flag FROM odometer_readings WHERE policy_id = $1 AND vehicle_index = $2`;
    const [before] = await this.txHost.tx.query<ReadingRow[]>(`${select} AND read_at <= $3 ORDER BY read_at DESC LIMIT 1`, [policyId, vehicleIndex, at]);
    const [after] = await this.txHost.tx.query<ReadingRow[]>(`${select} AND read_at > $3 ORDER BY read_at ASC LIMIT 1`, [policyId, vehicleIndex, at]);
    return { before, after };
  }

  /** Readings in [from, to], with the one before `from` and the one after `to` (they bound the spread). */
  readingsAround(policyId: string, vehicleIndex: number, from: Date, to: Date): Promise<OdometerReading[]> {
    return readOnce(`readings ${policyId} ${vehicleIndex} ${from.toISOString()} ${to.toISOString()}`, () =>
      this.readingsBounding(policyId, vehicleIndex, from, to),
    );
  }

  private async readingsBounding(policyId: string, vehicleIndex: number, from: Date, to: Date): Promise<OdometerReading[]> {
    const rows = await this.txHost.tx.query<OdometerReading[]>(
      `(SELECT reading, read_at AS "readAt" FROM odometer_readings WHERE policy_id = $1 AND vehicle_index = $2 AND read_at < $3 ORDER BY read_at DESC LIMIT 1)
       UNION ALL (SELECT reading, read_at FROM odometer_readings WHERE policy_id = $1 AND vehicle_index = $2 AND read_at BETWEEN $3 AND $4)
       UNION ALL (SELECT reading, read_at FROM odometer_readings WHERE policy_id = $1 AND vehicle_index = $2 AND read_at > $4 ORDER BY read_at ASC LIMIT 1)`,
      [policyId, vehicleIndex, from, to],
    );
    return rows.map((r) => ({ reading: r.reading, readAt: new Date(r.readAt) }));
  }

  async insertDispute(dispute: {
    policyId: string;
    vehicleIndex: number;
    day: string;
    reason: string;
    claimedMiles: number | null;
    photo: Buffer | null;
    photoType: string | null;
    trip?: { id: string; flag: TripFlag };
  }): Promise<{ id: string } | undefined> {
    const [row] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO mile_disputes (policy_id, vehicle_index, day, reason, claimed_miles, photo, photo_type, trip_id, trip_flag)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (policy_id, vehicle_index, day) DO NOTHING RETURNING id`,
      [
        dispute.policyId,
        dispute.vehicleIndex,
        dispute.day,
        dispute.reason,
        dispute.claimedMiles,
        dispute.photo,
        dispute.photoType,
        dispute.trip?.id ?? null,
        dispute.trip?.flag ?? null,
      ],
    );
    return row;
  }

  /** A policy's disputed days, newest day first, with how staff decided them. */
  listDisputes(policyId: string): Promise<DisputeRow[]> {
    return this.txHost.tx.query<DisputeRow[]>(
      `SELECT d.id, d.vehicle_index AS "vehicleIndex", to_char(d.day, 'YYYY-MM-DD') AS day, d.reason, d.claimed_miles::float8 AS "claimedMiles", d.status,
              d.resolved_miles::float8 AS "resolvedMiles", d.staff_note AS "staffNote", d.photo IS NOT NULL AS "hasPhoto", d.created_at AS "createdAt",
              d.decided_at AS "decidedAt", CASE WHEN d.trip_id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'flag', d.trip_flag, 'startedAt', ${UTC_ISO('t.started_at')}, 'endedAt', ${UTC_ISO('t.ended_at')}, 'miles', t.miles::float8) END AS trip
         FROM mile_disputes d LEFT JOIN trips t ON t.id = d.trip_id WHERE d.policy_id = $1 ORDER BY d.day DESC`,
      [policyId],
    );
  }

  /** A dispute staff may decide or look at: within their StaffScope (any for an admin, else only of the agent's own sales). */
  async findDisputeForStaff(id: string, scope: StaffScope): Promise<StaffDisputeRow | undefined> {
    const [row] = await this.txHost.tx.query<StaffDisputeRow[]>(
      `SELECT d.id, d.policy_id AS "policyId", d.vehicle_index AS "vehicleIndex", policy_car(d.policy_id, d.vehicle_index) AS car,
              to_char(d.day, 'YYYY-MM-DD') AS day, d.status, p.number AS "policyNumber", u.id AS "customerId", u.email AS "customerEmail"
         FROM mile_disputes d JOIN policies p ON p.id = d.policy_id JOIN users u ON u.id = p.user_id
        WHERE d.id = $1 AND ${staffScopeSql('p.producer_id', 2)}`,
      [id, scope.producerId],
    );
    return row;
  }

  /**
   * Records staff's decision, once: false when the dispute was no longer open (decided by
   * someone else meanwhile).
   */
  async decideDispute(
    id: string,
    decision: {
      status: 'accepted' | 'rejected';
      resolvedMiles: number | null;
      previousBillableMiles: number | null;
      note: string | null;
      decidedBy: string;
      decidedAt: Date;
    },
  ): Promise<boolean> {
    const [, affected] = await this.txHost.tx.query<ChangedRows>(
      `UPDATE mile_disputes SET status = $2, resolved_miles = $3, previous_billable_miles = $4, staff_note = $5, decided_by = $6, decided_at = $7
        WHERE id = $1 AND status = 'open'`,
      [id, decision.status, decision.resolvedMiles, decision.previousBillableMiles, decision.note, decision.decidedBy, decision.decidedAt],
    );
    return affected > 0;
  }

  /** Marks corrected days as adjusted on a statement, in the transaction that made it: each is adjusted on one statement only. */
  async markAdjusted(statementId: string, disputeIds: string[]): Promise<void> {
    if (disputeIds.length === 0) return;
    await this.txHost.tx.query(`UPDATE mile_disputes SET adjusted_statement_id = $1 WHERE id = ANY($2::uuid[]) AND adjusted_statement_id IS NULL`, [
      statementId,
      disputeIds,
    ]);
  }

  /** The car's days staff settled by accepting a dispute, from..to (YYYY-MM-DD), with their miles. */
  acceptedDays(policyId: string, vehicleIndex: number, from: string, to: string): Promise<ResolvedDay[]> {
    return readOnce(`accepted days ${policyId} ${vehicleIndex} ${from} ${to}`, () =>
      this.txHost.tx.query<ResolvedDay[]>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, resolved_miles::float8 AS miles FROM mile_disputes
          WHERE policy_id = $1 AND vehicle_index = $2 AND status = 'accepted' AND day BETWEEN $3 AND $4`,
        [policyId, vehicleIndex, from, to],
      ),
    );
  }

  /** A dispute's photo, of the given policy (its owner's view). */
  disputePhotoOfPolicy(policyId: string, id: string): Promise<StoredPhoto | undefined> {
    return this.photoOfPolicy('mile_disputes', policyId, id);
  }

  /** A reading's photo, if the reading is the policy's and has one. */
  readingPhotoOfPolicy(policyId: string, id: string): Promise<StoredPhoto | undefined> {
    return this.photoOfPolicy('odometer_readings', policyId, id);
  }

  private async photoOfPolicy(table: 'mile_disputes' | 'odometer_readings', policyId: string, id: string): Promise<StoredPhoto | undefined> {
    const [row] = await this.txHost.tx.query<StoredPhoto[]>(
      `SELECT photo, photo_type AS "photoType" FROM ${table} WHERE id = $1 AND policy_id = $2 AND photo IS NOT NULL`,
      [id, policyId],
    );
    return row;
  }

  /** A dispute's photo for staff (scoped as findDisputeForStaff). */
  disputePhotoForStaff(id: string, scope: StaffScope): Promise<StaffPhoto | undefined> {
    return this.photoForStaff('mile_disputes', id, scope);
  }

  /** A reading's photo for staff (scoped as findDisputeForStaff). */
  readingPhotoForStaff(id: string, scope: StaffScope): Promise<StaffPhoto | undefined> {
    return this.photoForStaff('odometer_readings', id, scope);
  }

  private async photoForStaff(table: 'mile_disputes' | 'odometer_readings', id: string, scope: StaffScope): Promise<StaffPhoto | undefined> {
    const [row] = await this.txHost.tx.query<StaffPhoto[]>(
      `SELECT x.photo, x.photo_type AS "photoType", p.number AS "policyNumber", u.id AS "customerId", u.email AS "customerEmail"
         FROM ${table} x JOIN policies p ON p.id = x.policy_id JOIN users u ON u.id = p.user_id
        WHERE x.id = $1 AND x.photo IS NOT NULL AND ${staffScopeSql('p.producer_id', 2)}`,
      [id, scope.producerId],
    );
    return row;
  }

  /** When miles last came in for a policy's cars: the end of its latest trip or its latest reading. */
  async lastMilesAt(policyId: string): Promise<Date | null> {
    const [row] = await this.txHost.tx.query<{ at: Date | null }[]>(
      `SELECT greatest((SELECT max(ended_at) FROM trips WHERE policy_id = $1), (SELECT max(read_at) FROM odometer_readings WHERE policy_id = $1)) AS at`,
      [policyId],
    );
    return row.at ? new Date(row.at) : null;
  }

  /** A policy's readings, newest first, as its owner and staff see them (the photo only as present or not). */
  listReadings(policyId: string): Promise<ListedReadingRow[]> {
    return this.txHost.tx.query<ListedReadingRow[]>(
      `SELECT id, policy_id || ':' || vehicle_index AS vehicle, reading, read_at AS "readAt", source, flag, photo IS NOT NULL AS "hasPhoto"
         FROM odometer_readings WHERE policy_id = $1 ORDER BY read_at DESC, created_at DESC LIMIT 500`,
      [policyId],
    );
  }

  /**
   * What staff review: flagged readings and open disputes, newest first, with the policy and its
   * customer, within the StaffScope (an agent's own sales; an admin sees all).
   */
  async reviewList(staff: StaffScope): Promise<{ flaggedReadings: FlaggedReadingRow[]; openDisputes: OpenDisputeRow[] }> {
    const scope = staffScopeSql('p.producer_id', 1);
    // The car by its number on the policy, even when a change has removed it since.
    const car = (alias: string) =>
      `(SELECT concat_ws(' ', v ->> 'year', v ->> 'make', v ->> 'model') FROM policy_car(${alias}.policy_id, ${alias}.vehicle_index) v) AS car`;
    const flaggedReadings = await this.txHost.tx.query<FlaggedReadingRow[]>(
      `SELECT r.id, p.number AS "policyNumber", u.email AS "customerEmail", r.policy_id || ':' || r.vehicle_index AS vehicle,
              ${car('r')}, r.reading, r.read_at AS "readAt", r.source, r.flag, r.photo IS NOT NULL AS "hasPhoto", r.created_at AS "createdAt"
         FROM odometer_readings r JOIN policies p ON p.id = r.policy_id JOIN users u ON u.id = p.user_id
        WHERE r.flag IS NOT NULL AND ${scope} ORDER BY r.created_at DESC LIMIT 200`,
      [staff.producerId],
    );
    const openDisputes = await this.txHost.tx.query<OpenDisputeRow[]>(
      `SELECT d.id, p.number AS "policyNumber", u.email AS "customerEmail", d.policy_id || ':' || d.vehicle_index AS vehicle,
              ${car('d')}, to_char(d.day, 'YYYY-MM-DD') AS day, d.reason, d.claimed_miles::float8 AS "claimedMiles", d.photo IS NOT NULL AS "hasPhoto", d.created_at AS "createdAt",
              CASE WHEN d.trip_id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'flag', d.trip_flag, 'startedAt', ${UTC_ISO('t.started_at')}, 'endedAt', ${UTC_ISO('t.ended_at')}, 'miles', t.miles::float8) END AS trip
         FROM mile_disputes d JOIN policies p ON p.id = d.policy_id JOIN users u ON u.id = p.user_id LEFT JOIN trips t ON t.id = d.trip_id
        WHERE d.status = 'open' AND ${scope} ORDER BY d.created_at DESC LIMIT 200`,
      [staff.producerId],
    );
    return { flaggedReadings, openDisputes };
  }
}

/** A stored trip as the profile lists it. */
export interface TripRow {
  id: string;
  startedAt: Date;
  endedAt: Date;
  miles: number;
  startCity: string | null;
  endCity: string | null;
  hasLocation: boolean;
}

/** A reading as its policy's owner and staff see it in a list (the photo only as present or not). */
export interface ExportedTripRow {
  id: string;
  vehicleIndex: number;
  startedAt: Date;
  endedAt: Date;
  miles: number;
  /** The route summary the app sent (its cities, a polyline), kept under the `keep` choice; null when none is kept. */
  route: { startCity?: string; endCity?: string; [key: string]: unknown } | null;
}

export interface ListedReadingRow {
  id: string;
  vehicle: string;
  reading: number;
  readAt: Date;
  source: string;
  flag: string | null;
  hasPhoto: boolean;
}

export interface FlaggedReadingRow {
  id: string;
  policyNumber: string;
  customerEmail: string;
  vehicle: string;
  /** "2019 Honda Civic". */
  car: string;
  reading: number;
  readAt: Date;
  source: string;
  flag: string;
  hasPhoto: boolean;
  createdAt: Date;
}

export interface OpenDisputeRow {
  id: string;
  policyNumber: string;
  customerEmail: string;
  vehicle: string;
  /** "2019 Honda Civic". */
  car: string;
  day: string;
  reason: string;
  claimedMiles: number | null;
  hasPhoto: boolean;
  createdAt: Date;
  /** The flagged trip, when the dispute came from one. */
  trip: FlaggedTrip | null;
}

/** A dispute as stored: what the customer sees (DisputeView), its times as the database keeps them. */
export type DisputeRow = Omit<DisputeView, 'createdAt' | 'decidedAt'> & { createdAt: Date; decidedAt: Date | null };

export interface StaffDisputeRow {
  id: string;
  policyId: string;
  vehicleIndex: number;
  /** The car, even when a change has removed it since (null only for a number the policy never had). */
  car: { year: number; make: string; model: string } | null;
  day: string;
  status: 'open' | 'accepted' | 'rejected';
  policyNumber: string;
  customerId: string;
  customerEmail: string;
}

export interface StoredPhoto {
  photo: Buffer;
  photoType: string;
}

/** A photo as staff open it: with whose policy it is, for the audit log. */
export interface StaffPhoto extends StoredPhoto {
  policyNumber: string;
  customerId: string;
  customerEmail: string;
}
