import type { PolicyDriver } from '../../shared/policy/policy-model';

/** "Ana García": the policy's first named insured, as typed in the quote (the account's name when it has none). */
export function namedInsuredName(policy: { drivers: PolicyDriver[] }): string {
  const [first] = policy.drivers;
  return `${first.firstName} ${first.lastName}`.trim();
}

/** "Ana": the first named insured's first name, all a notice to someone no longer on the policy says of them. */
export function namedInsuredFirstName(policy: { drivers: PolicyDriver[] }): string {
  return policy.drivers[0].firstName.trim();
}
