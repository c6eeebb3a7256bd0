import { MAKES_CREDENTIAL, NOT_CUSTOMER_READ } from '../../common/http/on-behalf-marks.decorator';
import { markedRoutes } from './marked-routes';
import type { INestApplication } from '@nestjs/common';

/**
 * Every route of the running app marked @MakesCredential, as "POST /api/auth/app-code": the
 * list the on-behalf refusal covers (its test walks it, so a marked route cannot be missed).
 */
export function credentialRoutes(app: INestApplication): string[] {
  return [...markedRoutes<boolean>(app, MAKES_CREDENTIAL).entries()]
    .filter(([, marked]) => marked === true)
    .map(([route]) => route)
    .sort();
}

/** Every read marked @NotCustomerRead, as "GET /api/session" → the reason it is not recorded while acting on behalf. */
export function notCustomerReads(app: INestApplication): Map<string, string> {
  return markedRoutes<string>(app, NOT_CUSTOMER_READ);
}
