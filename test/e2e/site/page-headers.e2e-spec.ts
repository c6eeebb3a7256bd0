import request from 'supertest';
import { PagePipeline } from '../../../src/modules/ssr/page-pipeline';
import { watchPageDoors, type PageDoor } from '../../support/page-doors';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

interface Answer {
  label: string;
  door: PageDoor;
  headers: Record<string, string>;
}

/** How the bytes travel (chunked or a length) and the session's renewal are not the page's headers. */
const NOT_THE_PAGES = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'set-cookie'];
/**
 * Differ per response by design, so compared by name here and checked on their own below. The
 * encoding is the sender's: Brotli or gzip through Express's compression, gzip from memory.
 */
const PER_RESPONSE = ['x-correlation-id', 'content-security-policy', 'cache-control', 'content-encoding'];

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

/**
 * Issue 18: a page is answered by the listener in front of Nest when it is open and rendered
 * already, by the signed-in pages' door in front of Nest when it is behind sign-in (issue 17), by
 * the SSR controller otherwise, and all take their headers from one function
 * (src/modules/ssr/page-headers.ts). Whichever door a page goes through, it leaves with the same
 * header names and the same policies: a header added on one side only fails here.
 */
describe('Every page’s headers, whichever way it is answered (issue 18)', () => {
  let pages: PagePipeline;
  let doors: PageDoor[];

  const sut = useTestApp();

  beforeAll(async () => {
    pages = sut.app.get(PagePipeline);
    doors = watchPageDoors(pages);
  });

  sut.beforeClose(async () => {
    jest.restoreAllMocks();
  });

  describe.each([
    ['a browser taking compression', 'gzip, deflate, br'],
    ['a client naming no encoding', undefined],
  ])('for %s', (_name, acceptEncoding) => {
    let answers: Answer[];

    beforeAll(async () => {
      answers = [];
      const customer = await signIn(sut);
      const ask = async (label: string, path: string, status: number, client = request(sut.url)) => {
        const before = doors.length;
        const asked = client.get(path);
        const res = await (acceptEncoding ? asked.set('Accept-Encoding', acceptEncoding) : asked.unset('Accept-Encoding')).expect(status);
        expect(doors.slice(before)).toHaveLength(1);
        answers.push({ label, door: doors[before], headers: res.headers });
      };
      for (const path of ['/', '/es']) {
        await ask(`${path} (first render or memory)`, path, 200);
        await ask(`${path} (memory)`, path, 200);
      }
      await ask('/profile (signed in)', '/profile', 200, customer);
      await ask('/es/profile (signed in)', '/es/profile', 200, customer);
      await ask('/no-such-page', '/no-such-page', 404);
      await ask('/es/no-existe', '/es/no-existe', 404);
    });

    it('takes open pages rendered already from memory, signed-in pages by their door, and the others through the controller', () => {
      const door = Object.fromEntries(answers.map((a) => [a.label, a.door]));
      expect(door).toMatchObject({
        '/ (memory)': 'memory',
        '/es (memory)': 'memory',
        '/profile (signed in)': 'signed-in door',
        '/es/profile (signed in)': 'signed-in door',
        '/no-such-page': 'controller',
        '/es/no-existe': 'controller',
      });
    });

    it('sends the same header names and values on every page, through either door', () => {
      const pageHeaders = ({ headers }: Answer) =>
        Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_THE_PAGES.includes(name) && !PER_RESPONSE.includes(name)));
      const [first, ...others] = answers;
      for (const other of others) expect([other.label, pageHeaders(other)]).toEqual([other.label, pageHeaders(first)]);
      const names = Object.keys(first.headers).filter((name) => !NOT_THE_PAGES.includes(name));
      expect(names).toEqual(
        expect.arrayContaining([
          'x-correlation-id',
          'content-security-policy',
          'cache-control',
          'content-type',
          'vary',
          'referrer-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-frame-options',
        ]),
      );
      for (const answer of answers)
        expect([
          answer.label,
          Object.keys(answer.headers)
            .filter((name) => !NOT_THE_PAGES.includes(name))
            .sort(),
        ]).toEqual([answer.label, names.sort()]);
      expect(first.headers['vary']).toBe('Accept-Encoding');
      expect(names.includes('content-encoding')).toBe(acceptEncoding !== undefined);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('writes one content security policy, under a nonce of each response’s own', () => {
      const policies = new Set(
        answers.map(({ headers }) => headers['content-security-policy'].split(nonceOf(headers['content-security-policy'])).join('NONCE')),
      );
      expect([...policies]).toEqual([expect.stringContaining("script-src 'self' 'nonce-NONCE'")]);
      expect([...policies][0]).toContain("frame-ancestors 'none'");
      expect(new Set(answers.map(({ headers }) => nonceOf(headers['content-security-policy']))).size).toBe(answers.length);
    });

    it('lets no cache keep a signed-in page, and caches revalidate the others', () => {
      const cacheControl = Object.fromEntries(answers.map((a) => [a.label, a.headers['cache-control']]));
      expect(cacheControl).toEqual(Object.fromEntries(answers.map((a) => [a.label, a.label.includes('signed in') ? 'no-store' : 'no-cache, private'])));
    });
  });
});
