import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { pageData } from '../../common/metrics/metrics-registry';
import { appConfig, type AppConfig } from '../../config/app-config';
import { isOnBehalf, isSignedIn, type Actor } from '../session';
import { PageDataRegistry, type PageDataRead } from './page-data';
import { PageDataVersions } from './page-data-versions';
import type { PreloadedAnswers } from '../../shared/app-state';

/**
 * How long a page's kept data may be served, by the app's clock. The version catches every write;
 * the age bounds what changes with time alone: days left in a period, a link's or an
 * invitation's expiry, a payment falling due, a state's day rolling over at its midnight. A
 * minute: those figures are days or hours, and no page says anything finer than "today"; a
 * customer who looks across a midnight sees the new day within a minute, as a page left open
 * would at best. Longer buys little (a visit after a minute is rarely the same visitor's).
 */
export const KEPT_PAGE_DATA_AGE_MS = 60_000;

/**
 * At most this many customers' pages kept, and this many characters of their JSON: the least
 * recently used go first. A My account is 10–40 KB of JSON and about three times that in the
 * heap, so 16 MB of JSON holds ~50 MB of objects beside a server of ~150 MB (the bench's
 * budget: RSS under 250 MB under the signed-in load).
 */
export const KEPT_PAGE_DATA_MAX_ENTRIES = 2_000;
export const KEPT_PAGE_DATA_MAX_BYTES = 16 * 2 ** 20;

interface Kept {
  /** The customer's version read before the answers were (page-data-versions.ts). */
  readonly version: string;
  /** The app's clock when they were read, ms. */
  readonly readAt: number;
  /** Who they were read for and in which locale: served only to the same again. */
  readonly who: string;
  readonly answers: PreloadedAnswers | undefined;
  readonly bytes: number;
}

/** The visitor's identity as far as a page's data could depend on it (the loaders read `actor`). */
function whoOf(actor: Actor, locale: string): string {
  return JSON.stringify([actor.userId, actor.email, actor.role, actor.producerId ?? null, actor.visitorKey ?? null, actor.locale ?? null, locale]);
}

/** Freezes a JSON value through and through: kept answers are shared by every render that serves them. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/**
 * My account's read model (issue 29): a customer's page data kept in this process between their
 * visits, served again while the database's version of their data is the one it was read at,
 * it is younger than KEPT_PAGE_DATA_AGE_MS by the app's clock, and the visitor and locale are
 * the same. Else it is read afresh through the loaders, in the registry's turn and budget, and
 * kept only when complete. Keyed by the customer's id: one customer's answers are never looked up
 * for another. A second server instance keeps its own and checks the same versions: correct
 * without anything shared between processes. Staff acting for a customer get no page data
 * (the registry's rule), so nothing is kept for them. `PAGE_DATA_KEEP=off` reads afresh every
 * time (the bench's A/B).
 */
@Injectable()
export class KeptPageData {
  private readonly logger = new Logger('KeptPageData');
  /** By page and customer id, least recently used first (a Map keeps insertion order). */
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;
  /**
   * Fresh reads under way, by the same key, with the version and visitor they were started at: a
   * visit that finds one for its own version and visitor waits for it rather than queueing for a
   * turn of its own (a customer's pages past the age all missed at once, and all but one went
   * out without their data).
   */
  private readonly reading = new Map<string, { version: string; who: string; read: Promise<PageDataRead | undefined> }>();
  /** Every answers object ever kept, while anything holds it: a page rendered from one stands as long as it does (KeptRenders). */
  private readonly keptAnswers = new WeakSet<PreloadedAnswers>();

  constructor(
    private readonly registry: PageDataRegistry,
    private readonly versions: PageDataVersions,
    private readonly clock: Clock,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {}

  /** The page's data for `actor` in `locale`: kept when still true, else read afresh (PageDataRegistry.load). */
  async load(pageId: string, actor: Actor, locale: string): Promise<PreloadedAnswers | undefined> {
    if (!this.config.pageDataKeep || !this.registry.has(pageId) || !isSignedIn(actor) || isOnBehalf(actor)) return this.registry.load(pageId, actor);
    const key = `${pageId}\u0000${actor.userId}`;
    const who = whoOf(actor, locale);
    // The clock before the version: the answers read after both are at least this fresh.
    const readAt = this.clock.now().getTime();
    let version: string;
    try {
      version = await this.versions.of(actor.userId);
    } catch (error) {
      // No version, nothing to check a kept page against: read afresh (the loaders meet the same database).
      this.logger.warn(`The page-data version of a customer could not be read; reading afresh: ${String(error)}`);
      this.drop(key);
      return this.registry.load(pageId, actor);
    }
    const found = this.kept.get(key);
    if (found && found.version === version && found.who === who && readAt >= found.readAt && readAt - found.readAt < KEPT_PAGE_DATA_AGE_MS) {
      // Used now: to the end of the order.
      this.kept.delete(key);
      this.kept.set(key, found);
      pageData.inc({ page: pageId, outcome: 'kept' });
      return found.answers;
    }
    this.drop(key);
    const under = this.reading.get(key);
    // Read at the same version for the same visitor, and not yet answered: as true as a kept page.
    if (under && under.version === version && under.who === who) {
      const shared = await under.read;
      // Counted as what this visit carried: the other's complete read is served as a kept one.
      pageData.inc({ page: pageId, outcome: shared?.complete ? 'kept' : shared?.answers ? 'partial' : 'busy' });
      return shared?.answers;
    }
    const read = this.readAfresh(key, pageId, actor, { version, readAt, who });
    this.reading.set(key, { version, who, read });
    try {
      return (await read)?.answers;
    } finally {
      if (this.reading.get(key)?.read === read) this.reading.delete(key);
    }
  }

  /**
   * Whether `answers`, just loaded for page `pageId`, are what the next visit would load while the
   * customer's data stands: a kept read (replaced on any write the page shows), or nothing for a
   * page without loaders. A fresh read that was not kept (partial, busy, staff on behalf, keeping
   * off) is not: a page rendered from it is rendered again next time.
   */
  stands(pageId: string, answers: PreloadedAnswers | undefined): boolean {
    if (!this.config.pageDataKeep) return false;
    return answers === undefined ? !this.registry.has(pageId) : this.keptAnswers.has(answers);
  }

  private async readAfresh(key: string, pageId: string, actor: Actor, at: Pick<Kept, 'version' | 'readAt' | 'who'>): Promise<PageDataRead | undefined> {
    const read = await this.registry.read(pageId, actor);
    if (read?.complete) {
      deepFreeze(read.answers);
      if (read.answers) this.keptAnswers.add(read.answers);
      this.keep(key, { ...at, answers: read.answers, bytes: read.bytes });
    }
    return read;
  }

  private keep(key: string, entry: Kept): void {
    if (entry.bytes > KEPT_PAGE_DATA_MAX_BYTES) return;
    this.drop(key);
    this.kept.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, { bytes }] of this.kept) {
      if (this.kept.size <= KEPT_PAGE_DATA_MAX_ENTRIES && this.bytes <= KEPT_PAGE_DATA_MAX_BYTES) break;
      this.kept.delete(oldest);
      this.bytes -= bytes;
    }
  }

  private drop(key: string): void {
    const found = this.kept.get(key);
    if (!found) return;
    this.kept.delete(key);
    this.bytes -= found.bytes;
  }
}
