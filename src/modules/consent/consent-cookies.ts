import { Inject, Injectable } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import { CONSENT_MAX_AGE_SECONDS, consentCookieValues, type ConsentChoices } from '../../shared/consent';
import type { AppConfig } from '../../config/app-config';
import type { Response } from 'express';

/**
 * The consent cookies as the server sets them after a recorded decision: the same names and
 * values the browser wrote, for 365 days, SameSite=Lax, readable by the page (it decides what
 * loads). Set by the server too because some browsers cap cookies written by script to 7 days.
 */
@Injectable()
export class ConsentCookies {
  private readonly secure: boolean;

  constructor(@Inject(appConfig.KEY) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  set(res: Response, choices: ConsentChoices): void {
    for (const [name, value] of consentCookieValues(choices)) {
      res.cookie(name, value, { maxAge: CONSENT_MAX_AGE_SECONDS * 1000, sameSite: 'lax', secure: this.secure, path: '/', httpOnly: false, encode: String });
    }
  }
}
