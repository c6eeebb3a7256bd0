// What each CPU profile showed and what was changed for it (issue 17), one line each, printed in
// docs/performance.md. Written by hand: a profile is read by a person, not by the bench.
export const FINDINGS = [
  '`/profile` under load (node --cpu-prof, main at 0a096f2): a new i18next instance per request — already one per locale and page on main (db9a2be).',
  "Then react-i18next's `useTranslation` copied the 42 own properties of that instance into a new wrapper for every component on every request (`createI18nWrapper`, 5 % of the server's time): the server hands it a view of the shared instance that owns one property (src/client/i18n/shared-i18n-view.ts).",
  "i18next 26's `t` copies its whole options object into every call (`fixedT`, 9 % of a render): the server's `t` skips that copy for a string key and keeps the text of a key asked for without options (locale texts only, never an interpolated value).",
  "The state script serialized the page's translations (19 KB of the 30 KB page) on every request: serialized once per locale and page and spliced in.",
  "express-session's rolling `touch` wrote the session row (an UPDATE and a commit) on every request, half of the statements of a page view: skipped while the session's minute-by-minute `lastSeenAt` save already keeps the row's expiry current.",
  "`wrapSafe` during requests: iconv-lite's character sets (first JSON body) and pdfkit's standard font (first PDF) were compiled by the first request that needed them: both load at start (src/bootstrap/load-lazy-modules.ts).",
  "Pricing a saved quote again (statements counted per request): BEGIN, the quote under a row lock, UPDATE, COMMIT, plus the session read and the rolling touch's UPDATE, a second commit waiting for the disk: the touch now writes only when the expiry moves by over a minute (an UPDATE that matches no row commits without a flush). The rate table was already read once per version.",
  'Estimate under load (node --cpu-prof): no database work; its 0.9 ms of CPU a request is the framework (helmet, body parsing, the validation pipe, the JSON reply, the request log) around a 0.01 ms rate(). Not changed yet: meeting p99 < 20 ms at 50 connections needs it answered in front of the framework, as open pages are.',
  'Server-side render of `/profile` alone, CPU per render in one process: 2.6 ms on main, 1.0 ms after the changes above.',
];
