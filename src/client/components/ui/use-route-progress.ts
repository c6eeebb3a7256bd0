import { useEffect } from 'react';
import type NProgressApi from 'nprogress';

type NProgress = typeof NProgressApi;

let loading: Promise<NProgress> | undefined;

/**
 * NProgress is fetched on the first route change, not with the entry: no first page needs it,
 * and Home's JavaScript before interaction has a budget (issue 17). It loads alongside the next
 * page's chunk, which the bar waits for anyway.
 */
function nprogress(): Promise<NProgress> {
  loading ??= import('nprogress').then(({ default: bar }) => {
    // Spec §9: minimum 0.3 and speed 800 ms on the main site. NProgress's own template gives the
    // bar role="bar", which is no ARIA role (axe: aria-roles, critical); the bar is decoration, as
    // the page's own loading messages say what is happening.
    bar.configure({
      minimum: 0.3,
      speed: 800,
      showSpinner: false,
      trickleSpeed: 200,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      // NProgress finds its bar by role unless told otherwise.
      barSelector: '.bar',
    });
    return bar;
  });
  return loading;
}

/** Shows the progress bar while a route change is loading. */
export function useRouteProgress(routeLoading: boolean): void {
  useEffect(() => {
    if (routeLoading) void nprogress().then((bar) => bar.start());
    // Started in order on the same promise, so a quick change never leaves the bar running.
    else if (loading) void loading.then((bar) => bar.done());
  }, [routeLoading]);
}
