import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './app-config';

/**
 * SESSION_SECRETS when set. Otherwise, on the embedded database only, a random secret kept
 * in the data folder so a restart keeps everyone signed in. With an external database a
 * missing secret stops start-up: instances sharing a database must share their secrets.
 */
export function sessionSecrets(config: AppConfig): string[] {
  if (config.sessionSecrets) return config.sessionSecrets;
  if (config.databaseUrl && (config.appEnv === 'PRODUCTION' || config.appEnv === 'STAGING')) {
    throw new Error('SESSION_SECRETS must be set when DATABASE_URL is set in PRODUCTION or STAGING.');
  }
  const file = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return [fs.readFileSync(file, 'utf8').trim()];
}
