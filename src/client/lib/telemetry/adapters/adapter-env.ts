import type { PublicConfig } from '../../../../shared/app-state';

/** DESIGN.md "Telemetry": vendors are off in DEVELOPMENT and TEST, whatever is configured. */
export function vendorsAllowedIn(appEnv: PublicConfig['appEnv']): boolean {
  return appEnv !== 'DEVELOPMENT' && appEnv !== 'TEST';
}
