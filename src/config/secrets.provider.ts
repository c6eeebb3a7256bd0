import { appConfig } from './app-config';
import { sessionSecrets } from './session-secrets';
import type { AppConfig } from './app-config';
import type { Provider } from '@nestjs/common';

/** The app's secrets, newest first (session cookies, sealed queue payloads). Read once. */
export const APP_SECRETS = Symbol('APP_SECRETS');

export const appSecretsProvider: Provider = {
  provide: APP_SECRETS,
  inject: [appConfig.KEY],
  useFactory: (config: AppConfig): string[] => sessionSecrets(config),
};
