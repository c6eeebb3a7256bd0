import { liveChatSetup } from './live-chat-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

describe(liveChatSetup.name, () => {
  it.each(OFF_ENVS)('is off in %s (the launcher leads to /contact)', (appEnv) => {
    expect(liveChatSetup(publicConfigFor(appEnv))).toBeNull();
  });

  it('is off without a widget URL', () => {
    expect(liveChatSetup(publicConfigFor('PRODUCTION', { chatWidgetUrl: undefined }))).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s: idle after 5000 ms, widget delays of 1 to 3 s', (appEnv) => {
    expect(liveChatSetup(publicConfigFor(appEnv))).toEqual({
      widgetUrl: 'https://chat.vendor.example/widget.js',
      idleMs: 5000,
      minDelayMs: 1000,
      maxDelayMs: 3000,
    });
  });
});
