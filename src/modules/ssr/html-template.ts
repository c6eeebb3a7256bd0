import { NONCE_SLOT, PRELOAD_SLOT } from './page-assets';

/**
 * The page shell Vite built (index.html with the hashed entry script, the inline stylesheet and
 * the page's preload slot), split once around its slots and encoded once, so each response
 * encodes only its own values and copies the rest (most of a page: the stylesheet is inline).
 * The nonce and preload slots are optional (the development template has neither).
 */
export class HtmlTemplate {
  /** The shell's text between its slots, encoded. */
  private readonly partBytes: Buffer[];
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
    const parts: string[] = [];
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      parts.push(html.slice(last, match.index));
      this.slots.push(markers[match[0]]);
      last = match.index + match[0].length;
    }
    parts.push(html.slice(last));
    this.partBytes = parts.map((part) => Buffer.from(part));
  }

  /** The page's bytes: the shell's parts encoded once, with this request's values between them. */
  fill(lang: string, head: string, body: ReadonlyArray<string | Uint8Array>, extra: { nonce?: string; preload?: string } = {}): Buffer {
    const values = { lang: `<html lang="${lang}">`, head, body, nonce: extra.nonce ?? '', preload: extra.preload ?? '' };
    const pieces: Uint8Array[] = [this.partBytes[0]];
    for (let i = 0; i < this.slots.length; i++) {
      const value = values[this.slots[i]];
      if (typeof value === 'string') pieces.push(Buffer.from(value));
      else for (const piece of value) pieces.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
      pieces.push(this.partBytes[i + 1]);
    }
    return Buffer.concat(pieces);
  }
}
