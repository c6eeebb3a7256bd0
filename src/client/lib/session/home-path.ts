import { PATHS } from '../../../shared/site-map';
import type { SessionView } from '../../../shared/app-state';

/**
 * Where someone goes after signing in when nothing else was asked: staff to their own page
 * (their sales and the miles to review), customers to their profile.
 */
export function homePathOf(session: SessionView | null | undefined): string {
  return session?.role === 'agent' || session?.role === 'admin' ? PATHS.agent : PATHS.profile;
}
