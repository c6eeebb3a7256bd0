import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session/session-context';
import type { Access } from '../../shared/site-map';

/**
 * Spec §2 sign-in required, for navigation inside the browser (the server answers a direct
 * request with the same redirect): to the login page, with the page asked for kept.
 */
export function SignInGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { status, signedIn } = useSession();
  const location = useLocation();
  if (access === 'open' || signedIn) return <>{children}</>;
  if (status === 'loading') return <Spinner />;
  const { locale } = splitLocalePath(location.pathname);
  const here = location.pathname + location.search + location.hash;
  return <Navigate replace to={`${localizePath('/login', locale)}?redirect=${encodeURIComponent(here)}`} />;
}
