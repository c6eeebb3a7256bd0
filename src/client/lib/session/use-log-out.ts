import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, splitLocalePath } from '../../../shared/locale';
import { request } from '../api/request';
import { useSession } from './session-context';

/** Spec §4: log out calls the server, refreshes the session, and goes to / unless already there. */
export function useLogOut(): () => Promise<{ success: boolean; error?: unknown }> {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(async () => {
    let result: { success: boolean; error?: unknown } = { success: true };
    try {
      await request('/auth/sign-out', { method: 'POST', body: {} });
    } catch (error) {
      console.warn('[auth] log out failed', error);
      result = { success: false, error };
    }
    await refresh();
    const { locale, path } = splitLocalePath(location.pathname);
    if (path !== '/') void navigate(localizePath('/', locale));
    return result;
  }, [refresh, navigate, location.pathname]);
}
