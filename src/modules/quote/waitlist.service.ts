import { Injectable } from '@nestjs/common';
import { stateForZip } from './eligibility/zip-to-state';
import { invalidField } from './quote-problems';
import { WaitlistRepository } from './waitlist.repository';
import type { Locale } from '../../shared/locale';

/** "Tell me when you sell in my state": one entry per address and state. */
@Injectable()
export class WaitlistService {
  constructor(private readonly waitlist: WaitlistRepository) {}

  async join(email: string, zip: string, locale: Locale): Promise<{ state: string }> {
    const state = stateForZip(zip);
    if (!state) throw invalidField('zip', 'unknown');
    await this.waitlist.add({ email: email.trim(), zip, state, locale });
    return { state };
  }
}
