import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../session/session-context';
import { createLogger } from '../telemetry/logger';
import { fetchConsentState, recordConsent } from './consent-api';
import { browserSendsGpc, readBrowserConsent, writeBrowserConsent } from './consent-cookies';
import type { ConsentChoices, ConsentSource } from '../../../shared/consent';

/**
 * unknown: not read yet (the server's render, and the browser until its first effect) —
 * everything optional counts as refused (spec §4); checking: no cookie, asking the server
 * whether this visitor decided elsewhere; undecided: the banner is due; decided.
 */
export type ConsentStatus = 'unknown' | 'checking' | 'undecided' | 'decided';

export interface ConsentContextValue {
  status: ConsentStatus;
  /** The decision, or, while undecided, the toggles' defaults (on, spec §4; advertising off under GPC). */
  choices: ConsentChoices;
  /** Performance cookies allowed by a decision. */
  tracking: boolean;
  /** Targeting and advertising cookies allowed by a decision. */
  advertising: boolean;
  decide(choices: ConsentChoices, source: Exclude<ConsentSource, 'sign-in'>): void;
}

const REFUSED: ConsentChoices = { tracking: false, advertising: false };
const log = createLogger('consent');
const ConsentContext = createContext<ConsentContextValue | undefined>(undefined);

/**
 * The visitor's cookie decision. Read from the cookies in the browser's first effect, so the
 * page the server rendered (the same for everyone) never depends on it and a returning
 * visitor never sees the banner. Without a cookie, the server is asked once per identity:
 * a signed-in user's decision follows them to a new browser.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const { status: sessionStatus, session } = useSession();
  const [status, setStatus] = useState<ConsentStatus>('unknown');
  const [choices, setChoices] = useState<ConsentChoices>(REFUSED);
  const askedFor = useRef<string>();

  // What the page learns by itself after hydration (the cookie, the server's answer) renders as
  // a transition: every consumer of this context renders again, and in one urgent render that
  // was a long task after the first paint, where a tap waits. A visitor's own choice is urgent.
  useEffect(() => {
    const stored = readBrowserConsent();
    startTransition(() => {
      if (stored) {
        setChoices(stored);
        setStatus('decided');
      } else {
        setStatus('checking');
      }
    });
  }, []);

  const identity = session?.userId ?? 'anonymous';
  useEffect(() => {
    if (status === 'unknown' || status === 'decided' || sessionStatus !== 'ready' || askedFor.current === identity) return;
    askedFor.current = identity;
    void fetchConsentState().then((answer) => {
      if (readBrowserConsent()) return;
      if (answer?.decision) {
        const restored = { tracking: answer.decision.tracking, advertising: answer.decision.advertising };
        writeBrowserConsent(restored);
        return startTransition(() => {
          setChoices(restored);
          setStatus('decided');
        });
      }
      startTransition(() => {
        setChoices({ tracking: true, advertising: !(answer?.gpc || browserSendsGpc()) });
        setStatus('undecided');
      });
    });
  }, [status, sessionStatus, identity]);

  const anonymousId = session?.anonymousId;
  const decide = useCallback(
    (next: ConsentChoices, source: Exclude<ConsentSource, 'sign-in'>) => {
      writeBrowserConsent(next);
      setChoices(next);
      setStatus('decided');
      recordConsent(next, source, anonymousId).catch((error: unknown) =>
        log.warn('could not record the decision', { status: error instanceof Response ? error.status : String(error) }),
      );
    },
    [anonymousId],
  );

  const value = useMemo<ConsentContextValue>(
    () => ({ status, choices, tracking: status === 'decided' && choices.tracking, advertising: status === 'decided' && choices.advertising, decide }),
    [status, choices, decide],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent requires Consent context!');
  return value;
}
