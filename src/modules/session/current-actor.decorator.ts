import { createParamDecorator } from '@nestjs/common';
import { currentActor } from './request-context';
import type { Actor } from './actor';

/** `@CurrentActor() actor: Actor`: who asks, for a service (the request context's actor, see request-context.ts). */
export const CurrentActor = createParamDecorator((): Actor => currentActor());
