import { useCallback, useEffect, useRef, useState } from 'react';
import { PATHS } from '../../../shared/site-map';
import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';
import { useConsent } from '../../lib/consent/consent-context';
import { useFlag } from '../../lib/flags/flags-context';
import { liveChatSetup, type LiveChatSetup } from '../../lib/telemetry/adapters/live-chat-options';
import { createLogger } from '../../lib/telemetry/logger';
import { LocalizedLink } from '../ui/localized-link';

const log = createLogger('chat');

function ChatIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

/** The widget's script, added once. The widget opens itself on the "meterly:chat-open" event. */
function loadWidget(url: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>('script[data-chat-widget]');
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.chatWidget = 'true';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The chat widget did not load.'));
    document.head.appendChild(script);
  });
}

function WidgetLauncher({ setup }: { setup: LiveChatSetup }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'waiting' | 'loading' | 'ready'>('waiting');
  const started = useRef(false);
  const openWhenReady = useRef(false);

  const start = useCallback(
    (delayMs: number) => {
      if (started.current) return;
      started.current = true;
      setState('loading');
      setTimeout(() => {
        loadWidget(setup.widgetUrl).then(
          () => {
            setState('ready');
            if (openWhenReady.current) window.dispatchEvent(new CustomEvent('meterly:chat-open'));
          },
          (error: unknown) => log.warn('the chat widget did not load', { error }),
        );
      }, delayMs);
    },
    [setup.widgetUrl],
  );

  useEffect(() => {
    // Spec §9: on idle after 5000 ms, then the widget's own delay of 1 to 3 s.
    const delay = setup.minDelayMs + Math.round(Math.random() * (setup.maxDelayMs - setup.minDelayMs));
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => start(delay));
      else start(delay);
    }, setup.idleMs);
    return () => clearTimeout(timer);
  }, [setup, start]);

  return (
    <button
      type="button"
      className="chat-launcher"
      aria-busy={state === 'loading'}
      onMouseEnter={() => start(setup.minDelayMs)}
      onFocus={() => start(setup.minDelayMs)}
      onClick={() => {
        openWhenReady.current = true;
        if (state === 'ready') window.dispatchEvent(new CustomEvent('meterly:chat-open'));
        else start(0);
      }}
    >
      <ChatIcon />
      <span>{t('chat.open')}</span>
    </button>
  );
}

/**
 * The live-chat launcher (flag live_chat). With a configured widget and performance cookies
 * allowed, it loads the widget lazily (idle, hover or click); otherwise it leads to Contact.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { tracking } = useConsent();
  const enabled = useFlag('live_chat', true);
  const setup = liveChatSetup(config);
  if (!enabled) return null;
  if (setup && tracking) return <WidgetLauncher setup={setup} />;
  return (
    <LocalizedLink to={PATHS.contact} className="chat-launcher">
      <ChatIcon />
      <span>{t('chat.open')}</span>
    </LocalizedLink>
  );
}
