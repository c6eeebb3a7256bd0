import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** What a deletion erased of the miles module's tables. */
export interface MilesErased {
  routes: number;
  photos: number;
  devices: number;
  locationChoice: boolean;
}

/**
 * A deleted account's location data and app tokens (issue 27), in the caller's transaction. The
 * miles, times and readings stay (the statements were billed from them); what goes: the trips'
 * routes, the odometer readings' photos (the number read stays), the location choice, and every
 * app device's token (revoked, its name cleared; the row stays as the source its trips name).
 * A mile dispute keeps its photo: it is the evidence of a billing decision.
 */
@Injectable()
export class MilesErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseCustomer(userId: string): Promise<MilesErased> {
    const tx = this.txHost.tx;
    const ofCustomer = `policy_id IN (SELECT id FROM policies WHERE user_id = $1)`;
    const [, routes] = await tx.query<ChangedRows>(`UPDATE trips SET route = NULL WHERE route IS NOT NULL AND ${ofCustomer}`, [userId]);
    const [, photos] = await tx.query<ChangedRows>(`UPDATE odometer_readings SET photo = NULL, photo_type = NULL WHERE photo IS NOT NULL AND ${ofCustomer}`, [
      userId,
    ]);
    const [, devices] = await tx.query<ChangedRows>(`UPDATE mobile_devices SET revoked_at = coalesce(revoked_at, now()), name = '' WHERE user_id = $1`, [
      userId,
    ]);
    const [, choices] = await tx.query<ChangedRows>(`DELETE FROM location_choices WHERE user_id = $1`, [userId]);
    return { routes, photos, devices, locationChoice: choices > 0 };
  }
}
