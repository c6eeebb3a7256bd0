import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'meterly:raw-response';

/**
 * Marks a handler (or controller) whose body is not the `{success, payload}` envelope: a file,
 * a health probe's own shape, a body a third party expects. Its return value leaves as it is.
 */
export const RawResponse = (reason: string): MethodDecorator & ClassDecorator => SetMetadata(RAW_RESPONSE, reason);
