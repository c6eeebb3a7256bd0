import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';

/** Spec §9: the chat loads after 5000 ms idle, and the widget waits 1 to 3 s. */
export const CHAT_TIMING = { idleMs: 5000, minDelayMs: 1000, maxDelayMs: 3000 } as const;

export interface LiveChatSetup {
  widgetUrl: string;
  idleMs: number;
  minDelayMs: number;
  maxDelayMs: number;
}

/** The live-chat widget (CHAT_WIDGET_URL) outside DEVELOPMENT and TEST; otherwise the launcher leads to /contact. */
export function liveChatSetup(config: PublicConfig): LiveChatSetup | null {
  const widgetUrl = config.services.chatWidgetUrl;
  if (!vendorsAllowedIn(config.appEnv) || !widgetUrl) return null;
  return { widgetUrl, ...CHAT_TIMING };
}
