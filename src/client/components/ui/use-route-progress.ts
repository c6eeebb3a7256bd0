import NProgress from 'nprogress';
import { useEffect } from 'react';

// Spec §9: minimum 0.3 and speed 800 ms on the main site.
NProgress.configure({ minimum: 0.3, speed: 800, showSpinner: false, trickleSpeed: 200 });

/** Shows the progress bar while a route change is loading. */
export function useRouteProgress(loading: boolean): void {
  useEffect(() => {
    if (loading) NProgress.start();
    else NProgress.done();
  }, [loading]);
}
