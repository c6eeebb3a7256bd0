import type { SessionData } from 'express-session';

/** The listener must have been heard from this lately (its heartbeat answered) for kept reads to be served. */
export const LISTENER_FRESH_MS = 2_500;
/** A kept read is read again after this long, whatever the notices said: a bound on any notice lost. */
export const KEPT_SESSION_MAX_AGE_MS = 60_000;
/** Far more sessions than one process serves pages to in a minute; the least recently read go first. */
const KEPT_SESSION_LIMIT = 10_000;

interface Kept {
  /** The row's session as JSON: each read gets its own object (express-session changes the one it is given). */
  readonly json: string;
  readonly expire: Date;
  readonly keptAt: number;
}

/**
 * Issue 29: the session reads of the pages behind sign-in kept in the process, so a signed-in page
 * whose render is kept too (kept-renders.ts) asks the database nothing. A kept read stands until
 * its row changes: every write to a `session` row sends its id on `session_changed` at the commit
 * (migration SessionChangeNotices), and this process's listener (session-change-listener.ts)
 * forgets it; this process's own writes forget it before they are sent and again when they are
 * done. Reads are served only while the listener is on and was heard from within
 * LISTENER_FRESH_MS, so a database frozen or cut off stops the serving within that time.
 *
 * `mark`/`keep`: a read from the database is kept only if nothing was forgotten since it began
 * (the generation is the same), so a read that started before a change and answered after the
 * change's notice never puts the old row back.
 */
export class SessionReadCache {
  private readonly kept = new Map<string, Kept>();
  private generation = 0;
  private listening = false;
  private heardAt = -Infinity;
  private firstRead?: () => void;

  /** `now`: a monotonic clock in ms (ages); the wall clock is given per read (the rows' expiry). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Called once, at the first read asked of the cache: a process that serves no page behind sign-in opens no listener. */
  whenFirstRead(start: () => void): void {
    this.firstRead = start;
  }

  /** Whether kept reads are served: the listener is on and was heard from lately. */
  serving(): boolean {
    return this.listening && this.now() - this.heardAt < LISTENER_FRESH_MS;
  }

  /** The listener is listening again: whatever changed while it was not is unknown, so all is forgotten first. */
  listenerUp(): void {
    this.forgetAll();
    this.listening = true;
    this.heard();
  }

  listenerDown(): void {
    this.listening = false;
    this.forgetAll();
  }

  /** The listener's connection answered (its heartbeat, a notice). */
  heard(): void {
    this.heardAt = this.now();
  }

  /** The kept session for `sid` (a new object), if served and not expired by `wallNowMs` or too old. */
  read(sid: string, wallNowMs: number): { session: SessionData; expire: Date } | undefined {
    if (this.firstRead) {
      const start = this.firstRead;
      this.firstRead = undefined;
      start();
    }
    if (!this.serving()) return undefined;
    const kept = this.kept.get(sid);
    if (!kept) return undefined;
    this.kept.delete(sid);
    if (kept.expire.getTime() < wallNowMs || this.now() - kept.keptAt >= KEPT_SESSION_MAX_AGE_MS) return undefined;
    this.kept.set(sid, kept);
    return { session: JSON.parse(kept.json) as SessionData, expire: kept.expire };
  }

  /** Taken when a read from the database begins; given back to `keep` with its answer. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless anything was forgotten since `mark` or reads are not served. */
  keep(sid: string, session: SessionData, expire: Date | null, mark: number): void {
    if (mark !== this.generation || !expire || !this.serving()) return;
    this.kept.delete(sid);
    this.kept.set(sid, { json: JSON.stringify(session), expire, keptAt: this.now() });
    if (this.kept.size > KEPT_SESSION_LIMIT) this.kept.delete(this.kept.keys().next().value!);
  }

  /** A session's row changed (or is about to): its kept read goes, and no read under way is kept. */
  forget(sid: string): void {
    this.generation += 1;
    this.kept.delete(sid);
  }

  forgetAll(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /** How many are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}
