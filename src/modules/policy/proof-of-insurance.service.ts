import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { stateDay } from '../../shared/dates/state-day';
import { PolicyDocumentsService } from './policy-documents.service';
import { policyView } from './policy-view';
import { PolicyRepository, type PolicyRow } from './policy.repository';
import type { Locale } from '../../shared/locale';
import type { ProofOfInsuranceFacts } from '../../shared/policy/proof-link-model';

/**
 * Proof of insurance for someone who is not the customer (issue 27's share-proof link): whether a
 * policy's ID card is proof today, and what it says. The rule is the ID card's own
 * (PoliciesService.document): bound, and its cover not ended (a cancelled policy's last day not
 * yet past, its term not expired).
 */
@Injectable()
export class ProofOfInsurance {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly documents: PolicyDocumentsService,
    private readonly clock: Clock,
  ) {}

  /** Whether the policy's ID card is proof of insurance today. */
  inForce(row: PolicyRow): boolean {
    const today = stateDay(this.clock.now(), row.state);
    if (row.status === 'pending-confirmation' || row.status === 'expired') return false;
    if (row.cancellationDate && row.cancellationDate < today) return false;
    return row.termEndDate >= today;
  }

  /** The ID card's facts of the policy's car `vehicleIndex` (null: every car) in `locale`; undefined when it is not proof today or has no such car. */
  async card(policyId: string, vehicleIndex: number | null, locale: Locale): Promise<ProofOfInsuranceFacts | undefined> {
    const row = await this.policies.findById(policyId);
    if (!row || !this.inForce(row)) return undefined;
    const view = policyView(row);
    if (vehicleIndex !== null && !view.vehicles.some((v) => v.vehicleIndex === vehicleIndex)) return undefined;
    return this.documents.idCardFacts(view, vehicleIndex, locale);
  }
}
