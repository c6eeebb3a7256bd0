import type { SessionView } from '../../shared/app-state';
import type { SessionData } from 'express-session';

/** What of the server's session the browser may see (spec §3 Session). */
export function sessionView(req: { session?: Partial<SessionData> }): SessionView | null {
  const session = req.session;
  if (!session) return null;
  const view: SessionView = {};
  if (session.anonymousId) view.anonymousId = session.anonymousId;
  if (session.userId) {
    view.userId = session.userId;
    view.userEmail = session.userEmail;
    view.sessionId = session.sessionId;
    if (session.role) view.role = session.role;
    if (session.producerId) view.producerId = session.producerId;
    if (session.staffUserId) view.onBehalf = true;
  }
  return view;
}
