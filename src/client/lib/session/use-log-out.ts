import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, splitLocalePath } from '../../../shared/locale';
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
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async ({ stay = false } = {}) => {
      let result: LogOutResult = { success: true };
      try {
        await api<unknown>('/auth/sign-out', { method: 'POST', body: {} });
      } catch (error) {
        createLogger('auth').warn('log out failed', { status: error instanceof ApiError && error.status ? error.status : String(error) });
        result = { success: false, error };
      }
      await refresh();
      const { locale, path } = splitLocalePath(location.pathname);
      if (!stay && path !== '/') void navigate(localizePath('/', locale));
      return result;
    },
    [refresh, navigate, location.pathname],
  );
}
