import { HOUR, rule } from '../../rate-limit';
import type { RateRule } from '../../rate-limit';

/** Staff proposals (each one an e-mail to the customer) a policy takes in an hour and in a day. */
export const PROPOSALS_PER_HOUR = 3;
export const PROPOSALS_PER_DAY = 6;

/**
 * Staff pricing a change for the customer e-mails them each time (issue 30: twelve proposals,
 * twelve e-mails in four seconds). Counted per policy, whoever of the staff proposes, so two
 * agents and an admin together cannot flood one customer either; the customer's own pricing
 * sends nothing and is not counted.
 */
export function proposalRules(policyId: string): RateRule[] {
  return [
    rule(`change-proposals:policy:${policyId}:hour`, PROPOSALS_PER_HOUR, HOUR),
    rule(`change-proposals:policy:${policyId}:day`, PROPOSALS_PER_DAY, 24 * HOUR),
  ];
}

export const TOO_MANY_PROPOSALS = 'This customer has been sent several proposed changes to this policy recently. Wait before proposing another, or call them.';
