import type { Actor } from '../session';

/**
 * Staff's reach, the one rule every staff screen and staff query uses: an admin's is everything;
 * an agent's is what they sold (policies, and the claims, miles and payments on them) and the
 * customers they serve; an agent without a producer number (never seeded so), or anyone else,
 * reaches nothing.
 */
export class StaffScope {
  private constructor(
    /** The agent's producer number; null: an admin's, everything. '' reaches no row. */
    readonly producerId: string | null,
  ) {}

  static of(actor: Pick<Actor, 'role' | 'producerId'>): StaffScope {
    if (actor.role === 'admin') return new StaffScope(null);
    return new StaffScope(actor.role === 'agent' ? (actor.producerId ?? '') : '');
  }

  /** Whether the scope is an admin's: everything. */
  get all(): boolean {
    return this.producerId === null;
  }

  /** Whether a policy sold under `producerId` (null: sold by no agent) is within reach: the in-memory twin of staffScopeSql. */
  covers(producerId: string | null): boolean {
    return this.producerId === null || (this.producerId !== '' && producerId === this.producerId);
  }
}

/**
 * The SQL condition of a StaffScope on a row's producer column, with the scope's `producerId`
 * as parameter `$n`: `($n::text IS NULL OR <column> = $n)`.
 */
export function staffScopeSql(column: string, n: number): string {
  return `($${n}::text IS NULL OR ${column} = $${n})`;
}
