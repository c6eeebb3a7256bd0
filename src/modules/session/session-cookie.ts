import { Inject, Injectable } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import type { CookieOptions, Response } from 'express';

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The session cookie's name and attributes: `__Host-` and Secure when served over TLS. */
@Injectable()
export class SessionCookie {
  readonly name: string;
  readonly options: CookieOptions;

  constructor(@Inject(appConfig.KEY) config: AppConfig) {
    const secure = config.publicUrl.startsWith('https:');
    this.name = secure ? '__Host-meterly.sid' : 'meterly.sid';
    this.options = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options);
  }
}
