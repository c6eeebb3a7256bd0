import AxeBuilder from '@axe-core/playwright';
import { localizePath, LOCALES } from '../../src/shared/locale';
import { PAGES } from '../../src/shared/site-map';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';

describe('Accessibility of every open page (axe-core)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();

  const cases = LOCALES.flatMap((locale) =>
    [...PAGES.filter((page) => page.access === 'open').map((page) => page.path), '/no-such-page'].map((path) => [localizePath(path, locale)]),
  );

  it.each(cases)('finds no serious or critical violation on %s, on desktop and phone', async (path) => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await openWatchedPage(env.browser, { viewport });
      await page.goto(env.app.url + path, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await page.context().close();
    }
  });
});
