import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { createLogger } from '../../lib/telemetry/logger';
import { ChatIcon } from './chat-icon';
import type { LiveChatSetup } from '../../lib/telemetry/adapters/live-chat-options';

const log = createLogger('chat');

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

/** The launcher of a configured widget, once performance cookies are allowed: loaded only then (chat-launcher.tsx). */
export default function WidgetLauncher({ setup }: { setup: LiveChatSetup }) {
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
