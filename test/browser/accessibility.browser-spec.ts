import { localizePath, LOCALES } from '../../src/shared/locale';
import { PAGES } from '../../src/shared/site-map';
import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment, openWatchedPage, type WatchedPage } from '../support/chromium';
import { contrastRatio, over, parseColor, type Rgba } from '../support/contrast';
import type { Page } from 'playwright-core';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The narrowest width WCAG 1.4.10 (reflow) asks a page to fit without scrolling sideways. */
const NARROW = { width: 320, height: 640 };

/** What a keyboard user sees of the element that has focus: its ring, what the ring sits on, and what may cover it. */
interface FocusStop {
  what: string;
  ring: { style: string; width: number; color: string };
  /** The backgrounds from the page's root down to the focused element's parent (not its own: the ring is drawn outside it). */
  under: { color: string; image: string }[];
  box: Box;
  header: Box | null;
  launcher: Box | null;
  /** In the header or the launcher itself, or the skip link (drawn above the header on purpose). */
  exempt: boolean;
}
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function focusStop(): FocusStop | null {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const boxOf = (node: Element | null) => {
    if (!node) return null;
    const { top, bottom, left, right } = node.getBoundingClientRect();
    return { top, bottom, left, right };
  };
  const style = getComputedStyle(element);
  const under: { color: string; image: string }[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    const own = getComputedStyle(node);
    under.unshift({ color: own.backgroundColor, image: own.backgroundImage });
  }
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
  return {
    what: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${label}"`,
    ring: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor },
    under,
    box: boxOf(element)!,
    header: boxOf(document.querySelector('.site-header')),
    launcher: boxOf(document.querySelector('.chat-launcher')),
    exempt: element.closest('.site-header, .chat-launcher, .skip-link') !== null,
  };
}

/**
 * Each tab stop in turn, Tab or Shift+Tab from where focus is now, until focus leaves the page or
 * comes back round; `atStop` runs while focus is on it.
 */
async function tabThrough(page: Page, key: 'Tab' | 'Shift+Tab', atStop?: (stop: FocusStop) => Promise<void>): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let presses = 0; presses < 300; presses++) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(focusStop);
    if (!stop || (stops.length > 0 && stop.what === stops[0].what && sameBox(stop.box, stops[0].box))) return stops;
    stops.push(stop);
    await atStop?.(stop);
  }
  throw new Error(`${key} never left the page`);
}

function sameBox(one: Box, two: Box): boolean {
  return one.top === two.top && one.left === two.left && one.bottom === two.bottom && one.right === two.right;
}

/** The colours the ring may sit on: the backgrounds painted over the white canvas, or a gradient's stops. */
function colorsUnder(stop: FocusStop): Rgba[] {
  let colors: Rgba[] = [{ r: 255, g: 255, b: 255, a: 1 }];
  for (const layer of stop.under) {
    const stops = layer.image.match(/rgba?\([^)]+\)/g);
    if (stops) colors = stops.map(parseColor).map((color) => over(color, colors[0]));
    else colors = colors.map((under) => over(parseColor(layer.color), under));
  }
  return colors;
}

const hex = ({ r, g, b }: Rgba) => '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
const overlaps = (one: Box, two: Box | null) =>
  two !== null && one.top < two.bottom && one.bottom > two.top && one.left < two.right && one.right > two.left && one.bottom > one.top + 1;

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

  it.each(cases)('finds no serious or critical violation on %s, on desktop and phone, and fits 320 px', async (path) => {
    const { page } = visitor;
    await page.setViewportSize(DESKTOP);
    await page.goto(env.app.url + path);
    expect({ desktop: await seriousA11yProblems(page) }).toEqual({ desktop: [] });
    await page.setViewportSize(PHONE);
    expect({ phone: await seriousA11yProblems(page) }).toEqual({ phone: [] });
    // WCAG 1.4.10: at 320 px the page reflows, nothing scrolls sideways (issue 29: a long word in a narrow column did).
    await page.setViewportSize(NARROW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    if (path.endsWith('/cookies-policy')) await screenshotOf(page.locator('.cookie-settings'), `cookie-settings-320${path.replace(/\//g, '-')}`);
  });

  describe('what a keyboard user sees (issue 29)', () => {
    // White sections (home), the grey bands and panels (home, the cookie settings), the lilac
    // panels (the app page's), the dark hero and footer (every page).
    it('draws a focus ring of 3:1 or more against whatever it sits on (WCAG 2.2 1.4.11 / 2.4.13)', async () => {
      const { page } = visitor;
      await page.setViewportSize(DESKTOP);
      const lowest = new Map<string, number>();
      const weak: string[] = [];
      const pictured = new Set<string>();
      for (const path of LOCALES.flatMap((locale) => ['/', '/cookies-policy', '/app'].map((path) => localizePath(path, locale)))) {
        await page.goto(env.app.url + path);
        // One picture of the ring on each kind of background, per language, to look at.
        const picture = async (stop: FocusStop) => {
          const kind = `${colorsUnder(stop).map(hex).join('')}${path.startsWith('/es') ? '-es' : ''}`;
          if (pictured.has(kind) || stop.exempt) return;
          pictured.add(kind);
          await screenshotOf(page, `focus-ring-on-${kind.replace(/#/g, '')}`);
        };
        for (const stop of await tabThrough(page, 'Tab', picture)) {
          // A text field shows focus by its own border (2 px, brand on grey line), not a ring.
          if (stop.ring.style === 'none' && /^(input|select|textarea)\./.test(stop.what)) continue;
          const ring = parseColor(stop.ring.color);
          for (const under of colorsUnder(stop)) {
            const ratio = contrastRatio(ring, under);
            lowest.set(hex(under), Math.min(ratio, lowest.get(hex(under)) ?? Infinity));
            if (stop.ring.style === 'none' || stop.ring.width < 2 || ratio < 3)
              weak.push(`${path} ${stop.what}: ${stop.ring.style} ${hex(ring)} on ${hex(under)}, ${ratio.toFixed(2)}:1`);
          }
        }
      }
      expect(weak).toEqual([]);
      // The three light backgrounds the ring was weakest on, and the dark ones, were all met.
      expect([...lowest.keys()]).toEqual(expect.arrayContaining(['#ffffff', '#f7f7fb', '#eeedfc', '#15133a', '#3632c0']));
    });

    it.each(LOCALES.flatMap((locale) => [DESKTOP, PHONE].map((size) => [locale, size.width, size] as const)))(
      'keeps each focused control of the home page clear of the sticky header and the chat launcher, tabbing forwards and backwards (%s, %i px; WCAG 2.2 2.4.11)',
      async (locale, _width, size) => {
        const { page } = visitor;
        await page.setViewportSize(size);
        await page.goto(env.app.url + localizePath('/', locale));
        const forwards = await tabThrough(page, 'Tab');
        const backwards = await tabThrough(page, 'Shift+Tab');
        expect(backwards.length).toBeGreaterThan(20);
        const covered = [...forwards.map((stop) => ['Tab', stop] as const), ...backwards.map((stop) => ['Shift+Tab', stop] as const)]
          .filter(([, stop]) => !stop.exempt && (overlaps(stop.box, stop.header) || overlaps(stop.box, stop.launcher)))
          .map(([key, stop]) => `${key} to ${stop.what} at ${Math.round(stop.box.top)}-${Math.round(stop.box.bottom)} px`);
        expect(covered).toEqual([]);
      },
    );
  });
});
