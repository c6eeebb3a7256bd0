import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { DEFAULT_LOCATION_CHOICE, type LocationChoice, type LocationChoiceView, type LocationsErased } from '../../shared/miles/location-choice';
import { AuditService } from '../audit';
import { PrivacyRequestsService } from '../privacy-requests';
import { LocationChoiceRepository } from './location-choice.repository';
import type { SignedInActor } from '../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A route summary as the app sends it (POST /api/mobile/trips). */
interface Route {
  startCity?: string;
  endCity?: string;
  polyline?: string;
}

/**
 * The customer's location choice (issue 27): whether their trips keep where they went, and
 * erasing the locations already kept. Changes are audited whoever makes them (the customer, or
 * staff acting for them): a privacy choice is a record the customer may ask about later.
 */
@Injectable()
export class LocationChoiceService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly choices: LocationChoiceRepository,
    private readonly privacyRequests: PrivacyRequestsService,
  ) {}

  async choiceOf(userId: string): Promise<LocationChoice> {
    return (await this.choices.find(userId))?.choice ?? DEFAULT_LOCATION_CHOICE;
  }

  async view(userId: string): Promise<LocationChoiceView> {
    const [row, tripsWithLocation] = await Promise.all([this.choices.find(userId), this.choices.countWithLocation(userId)]);
    return { choice: row?.choice ?? DEFAULT_LOCATION_CHOICE, chosenAt: row ? new Date(row.chosenAt).toISOString() : null, tripsWithLocation };
  }

  async choose(actor: SignedInActor, choice: LocationChoice): Promise<LocationChoiceView> {
    await this.choices.save(actor.userId, choice, this.clock.now());
    await this.audit.record(actor, 'miles.locations.choice', { target: choice });
    return this.view(actor.userId);
  }

  /**
   * Every trip of the customer loses its location; a second erase (another tab) clears nothing and
   * is fine. Each is a deletion request the law counts, asked and answered at once: it goes in the
   * privacy requests' log, answered.
   */
  async erase(actor: SignedInActor): Promise<LocationsErased> {
    // One transaction: an erase the log does not show (or a logged one that did not happen) is
    // what a regulator's audit of the log would find.
    const cleared = await this.txHost.withTransaction(async () => {
      const count = await this.choices.eraseLocations(actor.userId);
      await this.audit.record(actor, 'miles.locations.erase', { target: `${count} trips` });
      await this.privacyRequests.openAnswered(actor, 'location-erase', `${count} trips`);
      return count;
    });
    return { cleared, ...(await this.view(actor.userId)) };
  }

  /**
   * What a trip's route becomes when stored: nothing under `miles-only`, whatever the app sent;
   * under `keep`, the names and polyline it sent, nothing when it sent none (an empty route is no location).
   */
  static routeToStore(choice: LocationChoice, route: Route | undefined | null): Route | null {
    if (choice !== 'keep' || !route) return null;
    const kept: Route = {};
    if (route.startCity) kept.startCity = route.startCity;
    if (route.endCity) kept.endCity = route.endCity;
    if (route.polyline) kept.polyline = route.polyline;
    return Object.keys(kept).length > 0 ? kept : null;
  }
}
