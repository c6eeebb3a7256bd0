import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The record of VINs shared between customers' policies (vin_flags, written by the database's
 * trigger whenever a policy takes a car: migrations/1795710000000-VinFlags.ts). Read-only here.
 */
@Injectable()
export class VinFlagRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** For each of these policies, the VINs it shares with another customer's policy not cancelled (the database's shared_vins). */
  sharedVins(policyIds: string[]): Promise<{ policyId: string; vins: string[] }[]> {
    return this.dataSource.query<{ policyId: string; vins: string[] }[]>(`SELECT id AS "policyId", shared_vins(id) AS vins FROM unnest($1::uuid[]) id`, [
      policyIds,
    ]);
  }
}
