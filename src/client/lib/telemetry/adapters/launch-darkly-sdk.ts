import { initialize, type LDContext } from 'launchdarkly-js-client-sdk';
import { flagKey, type LaunchDarklySetup } from './launch-darkly-options';
import type { FeatureFlags } from '../../../../shared/app-state';

export interface FlagsClient {
  identify(context: LDContext): void;
  stop(): void;
}

function ourFlags(all: Record<string, unknown>): FeatureFlags {
  const flags: FeatureFlags = {};
  for (const [key, value] of Object.entries(all)) {
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') flags[flagKey(key)] = value;
  }
  return flags;
}

/** Loaded only after consent: LaunchDarkly, whose values then take over from the page's flags. */
export function startLaunchDarkly(setup: LaunchDarklySetup, context: LDContext, onFlags: (flags: FeatureFlags) => void): FlagsClient {
  const client = initialize(setup.clientSideId, context, { ...setup.options, logger: { debug() {}, info() {}, warn() {}, error() {} } });
  const publish = () => onFlags(ourFlags(client.allFlags()));
  client.on('ready', publish);
  client.on('change', publish);
  return {
    identify: (next) => void client.identify(next).then(publish, () => undefined),
    stop: () => void client.close(),
  };
}
