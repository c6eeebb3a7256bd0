import { Injectable } from '@nestjs/common';
import { VinFlagRepository } from './vin-flag.repository';

/**
 * Whether a policy's cars are also insured on another customer's policy (issue 30, item 10c).
 * Not a refusal: a car sold between people is on both policies until the seller's ends, so the
 * purchase goes ahead and staff see the flag where they review policies, to check the sale (or
 * the fraud). Agents see the VIN only, not the other customer's policy, which may not be theirs.
 */
@Injectable()
export class VinCheckService {
  constructor(private readonly flags: VinFlagRepository) {}

  /** Each policy's VINs also on another customer's policy not cancelled, sorted; policies without any are absent. */
  async sharedVins(policyIds: string[]): Promise<Map<string, string[]>> {
    const shared = new Map<string, string[]>();
    if (policyIds.length === 0) return shared;
    for (const { policyId, vins } of await this.flags.sharedVins(policyIds)) if (vins.length > 0) shared.set(policyId, vins);
    return shared;
  }
}
