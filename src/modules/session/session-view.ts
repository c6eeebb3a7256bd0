import type { Request } from 'express';
import type { SessionView } from '../../shared/app-state';

const FIELDS = ['userId', 'userEmail', 'anonymousId', 'role', 'producerId'] as const;

/** What of the server's session the browser may see (spec §3 Session). */
export function sessionView(req: Request): SessionView | null {
  const session = (req as Request & { session?: Record<string, unknown> & { id?: string } }).session;
  if (!session) return null;
  const view: Record<string, unknown> = {};
  for (const field of FIELDS) if (session[field] !== undefined) view[field] = session[field];
  if (session.userId && session.id) view.sessionId = session.id;
  return view as SessionView;
}
