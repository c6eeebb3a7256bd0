import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { ProofLinkErrorCode, ProofLinkException } from './proof-links.exception';

/** A link id that cannot exist is a link that is not there (404), like another policy's. */
export const ProofLinkIdPipe = uuidOrNotFound(() => new ProofLinkException(ProofLinkErrorCode.NotFound));
