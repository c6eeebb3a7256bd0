import { registerAs } from '@nestjs/config';
import { parseAppConfig } from './parse-app-config';

/** The one typed configuration object, read from the environment once at start-up. */
export const appConfig = registerAs('app', () => parseAppConfig(process.env));
export type { AppConfig } from './parse-app-config';
