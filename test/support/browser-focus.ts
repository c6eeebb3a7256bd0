import type { Page } from 'playwright-core';

/** What a screen reader is told of the focused element, once the focus has moved off `from`. */
export interface Focused {
  tag: string;
  name: string | null;
  /** Its label, or its fieldset's legend. */
  label: string;
  /** aria-invalid of the element or of the fieldset it is in (a radio group is marked on its fieldset). */
  invalid: boolean;
  /** The texts its aria-describedby (or its fieldset's) points to. */
  describedBy: string;
  /** Its own text (a heading's, a paragraph's). */
  text: string;
}

/**
 * Waits until the focus is on an element matching `selector` (never <body>), then reads it. A focus
 * that stays on the button pressed, or falls to <body>, times out here: that is the failure.
 */
export async function focusedOn(page: Page, selector: string, timeout = 10_000): Promise<Focused> {
  await page
    .waitForFunction((sel) => document.activeElement !== document.body && document.activeElement?.matches(sel), selector, { timeout })
    .catch(async () => {
      const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
      throw new Error(`Focus is not on ${selector} but on ${where}`);
    });
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const owner = element.closest('[aria-invalid="true"]') ?? element;
    const ids = (owner.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return {
      tag: element.tagName.toLowerCase(),
      name: element.getAttribute('name'),
      label: ((element as HTMLInputElement).labels?.[0]?.textContent ?? owner.querySelector('legend')?.textContent ?? '').trim(),
      invalid: owner.getAttribute('aria-invalid') === 'true',
      describedBy: ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' '),
      text: (element.textContent ?? '').trim(),
    };
  });
}

/** The first field in error after a refused submit: invalid, and described by its message. */
export async function focusedInvalidField(page: Page): Promise<Focused> {
  return focusedOn(page, '[aria-invalid="true"], [aria-invalid="true"] input');
}
