import { Injectable, Logger, Module } from '@nestjs/common';
import { pageData } from '../../common/metrics/metrics-registry';
import { withReadsShared } from '../../database/read-once';
import { isOnBehalf, isSignedIn, type Actor, type SignedInActor } from '../session';
import type { PreloadedAnswers } from '../../shared/app-state';

/** A query key as the browser's useApiQuery asks with it, e.g. `['billing', policyId, null]`. */
export type PageDataKey = readonly unknown[];

/** What one render's loaders share: who asks, and reads done once for all of them. */
export interface PageDataContext {
  readonly actor: SignedInActor;
  /** `read` run once for this render under `name`, its promise shared by every loader that asks. */
  once<T>(name: string, read: () => Promise<T>): Promise<T>;
}

/**
 * Reads some of a page's API answers for the signed-in visitor: each key and the value the API
 * route the browser would call answers with (its payload, before JSON). Registered by the module
 * that owns the route, with the same service calls its controller makes.
 */
export type PageDataLoader = (context: PageDataContext) => Promise<ReadonlyArray<readonly [PageDataKey, unknown]>>;

/** A page's data as read: its answers, whether every loader gave its own, and their size as JSON (characters). */
export interface PageDataRead {
  readonly answers: PreloadedAnswers | undefined;
  readonly complete: boolean;
  readonly bytes: number;
}

/**
 * How long a page waits for its data. A loader slower than this is left out (the browser asks
 * the API as before), so a slow read costs the page at most this much and never fails it.
 */
export const PAGE_DATA_BUDGET_MS = 1_500;

/**
 * How long a page waits for its turn to read (one page reads at a time, see `turn`). About two
 * pages' reads: beyond that the server is busy, and the page is better sent at once without its
 * data (the browser asks the API) than held for the whole budget (a burst of 50 pages waited
 * 1.5 s each, bench of the sixteenth session).
 */
export const PAGE_DATA_TURN_MS = 60;

/**
 * How many of a page's loaders read at once. One after another, My account waited for 27 round
 * trips in a row (59 ms, the server idle 70 % of it); two at once halve that wait while a page
 * still holds only a few of the pool's ten connections (a loader may itself read two or three
 * things at once).
 */
export const PAGE_DATA_LOADERS_AT_ONCE = 2;

/**
 * The pages' own data, read on the server so a page behind sign-in is complete at first paint
 * (issue 29: My account made 14 API calls after hydration). The ssr module imports none of the
 * modules that own the data: they register their loaders here (a module of a lower layer may not
 * be imported by ssr; they import this). The registry reads afresh every time; a page's answers
 * kept for its visitor between visits are KeptPageData's (kept-page-data.ts), checked against the
 * database's version of the customer's data.
 */
@Injectable()
export class PageDataRegistry {
  private readonly logger = new Logger('PageData');
  private readonly loaders = new Map<string, PageDataLoader[]>();
  /** Whether a page is reading its data now (at most one is), and the pages waiting their turn. */
  private reading = false;
  private readonly waiting = new Set<() => void>();

  /** Adds a loader for the page `pageId` (src/shared/site-map.ts). */
  register(pageId: string, loader: PageDataLoader): void {
    this.loaders.set(pageId, [...(this.loaders.get(pageId) ?? []), loader]);
  }

  /** Whether the page has loaders (a page without them carries no data of its own). */
  has(pageId: string): boolean {
    return this.loaders.has(pageId);
  }

  /**
   * The answers of every loader of the page that finished within the budget, JSON as the API
   * sends it; undefined when there are none. Staff acting for a customer get none: each of their
   * reads goes by the API, which records it in the on-behalf audit (issue 30). Always a fresh
   * read: what a page serves kept is KeptPageData's (kept-page-data.ts).
   */
  async load(pageId: string, actor: Actor, budgetMs = PAGE_DATA_BUDGET_MS): Promise<PreloadedAnswers | undefined> {
    return (await this.read(pageId, actor, budgetMs))?.answers;
  }

  /** `load`, and whether every loader answered (only a complete read may be kept). */
  async read(pageId: string, actor: Actor, budgetMs = PAGE_DATA_BUDGET_MS): Promise<PageDataRead | undefined> {
    const loaders = this.loaders.get(pageId);
    if (!loaders || !isSignedIn(actor) || isOnBehalf(actor)) return undefined;
    const shared = new Map<string, Promise<unknown>>();
    const context: PageDataContext = {
      actor,
      once: <T>(name: string, read: () => Promise<T>) => {
        let answer = shared.get(name) as Promise<T> | undefined;
        if (!answer) shared.set(name, (answer = read()));
        return answer;
      },
    };
    // Each loader's entries in its place, so the answers come in one order whichever read finished first.
    const done: (ReadonlyArray<readonly [PageDataKey, unknown]> | undefined)[] = loaders.map(() => undefined);
    const release = await this.turn(Math.min(PAGE_DATA_TURN_MS, budgetMs));
    if (!release) {
      pageData.inc({ page: pageId, outcome: 'busy' });
      return { answers: undefined, complete: false, bytes: 0 };
    }
    let open = true;
    // The page's reads are shared by key (a policy's transactions, a car's trips): loaders only read.
    let next = 0;
    const reader = async () => {
      while (open && next < loaders.length) {
        const i = next++;
        try {
          const entries = await loaders[i](context);
          if (open) done[i] = entries;
        } catch (error) {
          this.logger.warn(`A loader of ${pageId} failed; the browser asks the API instead: ${String(error)}`);
        }
      }
    };
    const reads = withReadsShared(() => Promise.all(Array.from({ length: Math.min(PAGE_DATA_LOADERS_AT_ONCE, loaders.length) }, reader)));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)));
    await Promise.race([reads, late]);
    clearTimeout(timer);
    open = false;
    // The turn passes on when the page stops waiting, even if a read never ends (a frozen
    // database): the next page's reads then meet the pool's own deadlines, not this page's hang.
    release();
    const complete = done.every(Boolean);
    pageData.inc({ page: pageId, outcome: complete ? 'complete' : 'partial' });
    const answers: PreloadedAnswers = {};
    let bytes = 0;
    // Through JSON as the API sends it: dates become strings and undefined fields go, as in the browser.
    for (const entries of done)
      for (const [key, value] of entries ?? []) {
        const json = JSON.stringify(value ?? null);
        bytes += json.length;
        answers[JSON.stringify(key)] = JSON.parse(json) as unknown;
      }
    return { answers: Object.keys(answers).length ? answers : undefined, complete, bytes };
  }

  /**
   * One page's reads at a time, its loaders one after another (a loader may still read a few
   * things at once). A burst of pages each reading everything at once took every connection of the
   * pool, and the session reads of other requests waited past the pool's deadline: 503s (CI, the
   * interleaved pages' e2e). Page data is a convenience the browser can do without; the pool's
   * connections are for every request. Resolves to the turn's release, or to undefined when the
   * turn did not come within `waitMs` (the page then reads nothing).
   */
  private async turn(waitMs: number): Promise<(() => void) | undefined> {
    if (this.reading) {
      const given = await new Promise<boolean>((resolve) => {
        const take = () => (clearTimeout(timer), resolve(true));
        const timer = setTimeout(() => (this.waiting.delete(take), resolve(false)), waitMs);
        this.waiting.add(take);
      });
      if (!given) return undefined;
    }
    this.reading = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const [next] = this.waiting;
      if (next) {
        this.waiting.delete(next);
        next();
      } else this.reading = false;
    };
  }
}

/** The registry alone, for the modules that register with it (the ssr module's other parts stay out of their imports). */
@Module({ providers: [PageDataRegistry], exports: [PageDataRegistry] })
export class PageDataModule {}
