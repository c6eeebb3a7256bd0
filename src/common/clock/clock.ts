/** The time, injected so tests can move it (expiry, rate-limit windows, session timeouts). */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
