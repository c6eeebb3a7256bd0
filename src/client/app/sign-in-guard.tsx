import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, type Location } from 'react-router';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session/session-context';
import type { Access } from '../../shared/site-map';

/**
 * Spec §2 sign-in required, for navigation inside the browser (the server answers a direct
 * request with the same redirect): to the login page, with the page asked for kept. It acts
 * on the location being shown (the deferred one), once per location.
 */
export function SignInGuard({ access, shown, children }: { access: Access; shown: Location; children: ReactNode }) {
  const { status, signedIn, leftFrom } = useSession();
  const navigate = useNavigate();
  const sentFrom = useRef<string>();
  // Not on the page being left by logging out: that one goes to / (spec §4).
  const mustSignIn = access === 'sign-in' && status === 'ready' && !signedIn && leftFrom !== shown.key;

  useEffect(() => {
    if (!mustSignIn || sentFrom.current === shown.key) return;
    sentFrom.current = shown.key;
    const here = shown.pathname + shown.search + shown.hash;
    const { locale } = splitLocalePath(shown.pathname);
    void navigate(`${localizePath('/login', locale)}?redirect=${encodeURIComponent(here)}`, { replace: true });
  }, [mustSignIn, shown, navigate]);

  if (access === 'open' || signedIn) return <>{children}</>;
  return <Spinner />;
}
