/** Issue 3's off-origin redirect values, each of which must be refused. */
export const OFF_ORIGIN_REDIRECTS = [
  'https://evil.test',
  '//evil.test',
  '/\\evil.test',
  '\\\\evil.test',
  '/%2F/evil.test',
  '%2F%2Fevil.test',
  'https:evil.test',
  'javascript:alert(1)',
  '/' + 'a'.repeat(3000),
];
