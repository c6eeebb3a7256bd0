import { NONCE_SLOT, PRELOAD_SLOT } from './page-assets';

/**
 * The page shell Vite built (index.html with the hashed entry script, the inline stylesheet and
 * the page's preload slot), split once around its slots so each response is a few string joins.
 * The nonce and preload slots are optional (the development template has neither).
 */
export class HtmlTemplate {
  private readonly parts: string[] = [];
  private readonly slots: Array<'lang' | 'head' | 'body' | 'nonce' | 'preload'> = [];

  constructor(html: string) {
    const required = ['<html lang="en-US">', '<!--app-head-->', '<!--app-html-->'];
    if (required.some((marker) => !html.includes(marker))) {
      throw new Error('index.html lacks <html lang="en-US">, <!--app-head--> or <!--app-html-->');
    }
    const markers: Record<string, (typeof this.slots)[number]> = {
      '<html lang="en-US">': 'lang',
      '<!--app-head-->': 'head',
      '<!--app-html-->': 'body',
      [NONCE_SLOT]: 'nonce',
      [PRELOAD_SLOT]: 'preload',
    };
    const pattern = new RegExp(
      Object.keys(markers)
        .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      this.parts.push(html.slice(last, match.index));
      this.slots.push(markers[match[0]]);
      last = match.index + match[0].length;
    }
    this.parts.push(html.slice(last));
  }

  fill(lang: string, head: string, body: string, extra: { nonce?: string; preload?: string } = {}): string {
    const values = { lang: `<html lang="${lang}">`, head, body, nonce: extra.nonce ?? '', preload: extra.preload ?? '' };
    let html = this.parts[0];
    for (let i = 0; i < this.slots.length; i++) html += values[this.slots[i]] + this.parts[i + 1];
    return html;
  }
}
