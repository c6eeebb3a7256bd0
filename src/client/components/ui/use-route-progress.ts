import NProgress from 'nprogress';
import { useEffect } from 'react';

// Spec §9: minimum 0.3 and speed 800 ms on the main site. NProgress's own template gives the
// bar role="bar", which is no ARIA role (axe: aria-roles, critical); the bar is decoration, as
// the page's own loading messages say what is happening.
NProgress.configure({
  minimum: 0.3,
  speed: 800,
  showSpinner: false,
  trickleSpeed: 200,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  // NProgress finds its bar by role unless told otherwise.
  barSelector: '.bar',
});

/** Shows the progress bar while a route change is loading. */
export function useRouteProgress(loading: boolean): void {
  useEffect(() => {
    if (loading) NProgress.start();
    else NProgress.done();
  }, [loading]);
}
