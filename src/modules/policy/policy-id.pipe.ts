import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { PolicyErrorCode, PolicyException } from './policy.exception';

/** A policy id that cannot exist is simply not found (404), like one that is not yours. */
export const PolicyIdPipe = uuidOrNotFound(() => new PolicyException(PolicyErrorCode.NotFound));
