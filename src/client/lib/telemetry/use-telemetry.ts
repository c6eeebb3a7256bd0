import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useConsent } from '../consent/consent-context';
import { useFlags } from '../flags/flags-context';
import { useSession } from '../session/session-context';
import { telemetry } from './telemetry';

/**
 * Keeps the supporting services in step with the page: the session (user and anonymousId),
 * the flags, the visitor's decision, and a page view on load and on every route change
 * (call it after the document title is set).
 */
export function useTelemetry(pathname: string): void {
  const { session } = useSession();
  const flags = useFlags();
  const { status, choices } = useConsent();
  const { i18n } = useTranslation();
  useEffect(() => telemetry.setSession(session), [session]);
  useEffect(() => telemetry.setFlags(flags), [flags]);
  useEffect(() => telemetry.setConsent(status === 'decided' ? choices : undefined), [status, choices]);
  useEffect(() => telemetry.page(pathname, i18n.language), [pathname, i18n.language]);
}
