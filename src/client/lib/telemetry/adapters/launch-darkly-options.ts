import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';

export interface LaunchDarklySetup {
  clientSideId: string;
  options: { bootstrap: 'localStorage'; streaming: false; sendEventsOnlyForVariation: true };
}

/**
 * Feature flags from LaunchDarkly (client-side ID, local-storage bootstrap, spec §7) when
 * configured outside DEVELOPMENT and TEST; otherwise the flags table the server put in the page.
 */
export function launchDarklySetup(config: PublicConfig): LaunchDarklySetup | null {
  const clientSideId = config.services.launchDarklyClientSideId;
  if (!vendorsAllowedIn(config.appEnv) || !clientSideId) return null;
  return { clientSideId, options: { bootstrap: 'localStorage', streaming: false, sendEventsOnlyForVariation: true } };
}

/** LaunchDarkly's "live-chat" is our "live_chat". */
export function flagKey(launchDarklyKey: string): string {
  return launchDarklyKey.replace(/-/g, '_');
}
