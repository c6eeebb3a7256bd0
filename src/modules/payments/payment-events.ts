import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ChargeRecord, ChargeStatus } from './charge.repository';

/** A charge reached its outcome (succeeded, declined or error), or a webhook changed it. */
export interface ChargeSettled {
  charge: ChargeRecord;
  previousStatus: ChargeStatus;
  /** Whether our own call to the gateway learnt it, or a webhook told us later. */
  via: 'gateway' | 'webhook';
}

export type ChargeListener = (event: ChargeSettled, manager: EntityManager) => Promise<void>;

/**
 * Lets other modules act on charge outcomes (billing marks a statement paid or schedules a
 * retry) without payments knowing them. A listener runs inside the transaction that records
 * the outcome, with its EntityManager: what it writes commits together with the outcome, and
 * if it throws nothing is recorded (the gateway call is then repeated under the same key, or the
 * webhook answered 500 so the gateway delivers it again). Listeners must therefore be
 * idempotent and quick; send mail through the job queue, not from a listener.
 */
@Injectable()
export class PaymentEvents {
  private readonly listeners: ChargeListener[] = [];

  onChargeSettled(listener: ChargeListener): void {
    this.listeners.push(listener);
  }

  async emit(event: ChargeSettled, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener(event, manager);
  }
}
