import { localizePath, LOCALES } from '../../src/shared/locale';
import { PAGES } from '../../src/shared/site-map';
import { seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment, openWatchedPage, type WatchedPage } from '../support/chromium';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('Accessibility of every open page (axe-core)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();
  // One visitor reads every page: a page is checked as it loads for anyone (the context is the
  // answered-banner visitor each time), at a desktop's width and then a phone's.
  let visitor: WatchedPage;
  beforeAll(async () => {
    visitor = await openWatchedPage(env.browser, { viewport: DESKTOP });
  });
  afterAll(() => visitor.page.context().close());

  const cases = LOCALES.flatMap((locale) =>
    [...PAGES.filter((page) => page.access === 'open').map((page) => page.path), '/no-such-page'].map((path) => [localizePath(path, locale)]),
  );

  it.each(cases)('finds no serious or critical violation on %s, on desktop and phone', async (path) => {
    const { page } = visitor;
    await page.setViewportSize(DESKTOP);
    await page.goto(env.app.url + path);
    expect({ desktop: await seriousA11yProblems(page) }).toEqual({ desktop: [] });
    await page.setViewportSize(PHONE);
    expect({ phone: await seriousA11yProblems(page) }).toEqual({ phone: [] });
  });
});
