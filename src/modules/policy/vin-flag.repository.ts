import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * The record of VINs shared between customers' policies (vin_flags, written by the database's
 * trigger whenever a policy takes a car: migrations/1795710000000-VinFlags.ts). Read-only here.
 */
@Injectable()
export class VinFlagRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** For each of these policies, the VINs it shares with another customer's policy not cancelled (the database's shared_vins). */
  sharedVins(policyIds: string[]): Promise<{ policyId: string; vins: string[] }[]> {
    return this.txHost.tx.query<{ policyId: string; vins: string[] }[]>(`SELECT id AS "policyId", shared_vins(id) AS vins FROM unnest($1::uuid[]) id`, [
      policyIds,
    ]);
  }
}
