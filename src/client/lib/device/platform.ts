export type Platform = 'ios' | 'android' | 'other';

/** The visitor's mobile platform, for the store to offer first; anything else (a desktop) is 'other'. */
export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && 'ontouchend' in document)) return 'ios';
  return 'other';
}
