import type { Locale } from '../../shared/locale';
import type { Request } from 'express';

/**
 * The visitor's language for what the server writes (mail): the first Accept-Language tag,
 * which our request helper sets to the page's locale (a browser's own list otherwise).
 */
export function requestLocale(req: Request): Locale {
  const first = (req.headers['accept-language'] ?? '').split(',')[0].trim().toLowerCase();
  return first === 'es' || first.startsWith('es-') ? 'es' : 'en-US';
}
