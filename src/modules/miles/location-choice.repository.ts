import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { LocationChoice } from '../../shared/miles/location-choice';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface LocationChoiceRow {
  choice: LocationChoice;
  chosenAt: Date;
}

/** The customer's location choice (location_choices) and the locations their trips carry (trips.route). */
@Injectable()
export class LocationChoiceRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async find(userId: string): Promise<LocationChoiceRow | undefined> {
    const [row] = await this.txHost.tx.query<LocationChoiceRow[]>(`SELECT choice, chosen_at AS "chosenAt" FROM location_choices WHERE user_id = $1`, [userId]);
    return row;
  }

  async save(userId: string, choice: LocationChoice, at: Date): Promise<LocationChoiceRow> {
    const [row] = await this.txHost.tx.query<LocationChoiceRow[]>(
      `INSERT INTO location_choices (user_id, choice, chosen_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET choice = EXCLUDED.choice, chosen_at = EXCLUDED.chosen_at
       RETURNING choice, chosen_at AS "chosenAt"`,
      [userId, choice, at],
    );
    return row;
  }

  /** How many of the customer's trips (every policy of theirs) carry a location. */
  async countWithLocation(userId: string): Promise<number> {
    const [row] = await this.txHost.tx.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM trips t JOIN policies p ON p.id = t.policy_id WHERE p.user_id = $1 AND t.route IS NOT NULL`,
      [userId],
    );
    return row.n;
  }

  /** Erases the location of every trip of the customer's policies; the miles and times stay. How many trips lost one. */
  async eraseLocations(userId: string): Promise<number> {
    const [, affected] = await this.txHost.tx.query<ChangedRows>(
      `UPDATE trips SET route = NULL WHERE route IS NOT NULL AND policy_id IN (SELECT id FROM policies WHERE user_id = $1)`,
      [userId],
    );
    return affected;
  }
}
