import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, splitLocalePath } from '../../../shared/locale';
import { dropIdCardsOfflineLater } from '../../offline/offline-later';
import { api, ApiError } from '../api/api-client';
import { createLogger } from '../telemetry/logger';
import { useSession } from './session-context';

export type LogOutResult = { success: true } | { success: false; error: unknown };

/**
 * Spec §4: log out calls the server, refreshes the session, and goes to / unless already
 * there (`stay` keeps the page: the login screen's auto-logout). Spec §8: a failure is
 * logged as a warning and returned.
 */
export function useLogOut(): (options?: { stay?: boolean }) => Promise<LogOutResult> {
  const { refresh, leave } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async ({ stay = false } = {}) => {
      let result: LogOutResult = { success: true };
      // The ID cards kept for use offline go first (issue 27): whatever the server answers, this
      // browser is no longer to show them.
      await dropIdCardsOfflineLater();
      try {
        await api<unknown>('/auth/sign-out', { method: 'POST', body: {} });
      } catch (error) {
        createLogger('auth').warn('log out failed', { status: error instanceof ApiError && error.status ? error.status : String(error) });
        result = { success: false, error };
      }
      const { locale, path } = splitLocalePath(location.pathname);
      const toHome = !stay && path !== '/';
      // A page that needs sign-in would otherwise send the signed-out visitor to the login page first.
      if (toHome) leave(location.key);
      await refresh();
      if (toHome) void navigate(localizePath('/', locale));
      return result;
    },
    [refresh, leave, navigate, location.pathname, location.key],
  );
}
