import type { SessionDevice } from '../../shared/admin/admin-model';

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", iPadOS may say "Macintosh".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/[\d.]+/, 'Edge'],
  [/\b(?:OPR|Opera)\/[\d.]+/, 'Opera'],
  [/\bSamsungBrowser\/[\d.]+/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/[\d.]+/, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\/[\d.]+/, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMeterly\/[\d.]+/, 'Meterly app'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A session's browser and system read from its User-Agent, for people (not for any decision). */
export function sessionDevice(userAgent: string | null): SessionDevice {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([shape]) => shape.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([shape]) => shape.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /\bMobile\b|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(ua) };
}
