import { SetMetadata, type Type } from '@nestjs/common';
import type { SignedInActor } from '../session';

export const AUDIT_ON_BEHALF = 'meterly:audit-on-behalf';

/** What a handler's audit entry is made from: its answer, its request, and the app's services. */
export interface AuditContext<Answer = unknown> {
  answer: Answer;
  actor: SignedInActor;
  params: Record<string, string>;
  body: Record<string, unknown>;
  get: <T>(type: Type<T>) => T;
}

type FromContext<T, Answer> = (context: AuditContext<Answer>) => T | Promise<T>;

export interface AuditOnBehalfSpec {
  action: string | FromContext<string, never>;
  /** The entry's target; `null` for none, `undefined` when the answer is not this action (the request is then recorded as any other). */
  target?: FromContext<string | null | undefined, never>;
}

/**
 * Names what a handler does for a customer, for the audit entry written when staff call it on
 * their behalf (OnBehalfAuditInterceptor, the one place that writes these). An unmarked
 * handler that changes state is recorded as `on-behalf.request` with its method and path.
 */
export function AuditOnBehalf<Answer = never>(
  action: string | FromContext<string, Answer>,
  target?: FromContext<string | null | undefined, Answer>,
): MethodDecorator {
  return SetMetadata(AUDIT_ON_BEHALF, { action, target });
}
