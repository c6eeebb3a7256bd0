import { redirectFromQuery } from '../../../src/shared/safe-redirect';
import { linkFromMail, mailCount, waitForMail, codeFromMail } from '../../support/mailbox';
import { browserLike, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/** Issue 18: the page asked for survives the link's request, the mail and the exchange unchanged. */
describe('The sign-in redirect through every hop', () => {
  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback' } });

  it.each(['/profile?q=100%25', '/profile?q=a%26b', '/es/profile?tab=miles&q=50%25%20off#june'])('brings the visitor back to %s', async (page) => {
    const email = uniqueEmail('round-trip');
    const visitor = browserLike(sut).set('X-Forwarded-For', `192.0.2.${Math.floor(Math.random() * 250) + 1}`);
    const seen = await mailCount(sut.databaseUrl, email);
    // The login page read ?redirect= from its URL (decoded once) and sends the page it names.
    const fromLoginPage = redirectFromQuery(encodeURIComponent(page), sut.url);
    expect(fromLoginPage).toBe(page);
    await visitor.post('/api/auth/magic-link').send({ email, redirectUri: fromLoginPage }).expect(200);

    const mail = await waitForMail(sut.databaseUrl, email, { seen });
    const link = new URL(linkFromMail(mail));
    // The magic-link page reads it from the mailed link the same way.
    expect(redirectFromQuery(/[?&]redirect=([^&#]*)/.exec(link.search)![1], sut.url)).toBe(page);

    const res = await visitor
      .post('/api/auth/exchange-token')
      .send({ code: codeFromMail(mail) })
      .expect(200);
    expect(res.body.payload.redirectTo).toBe(page);
  });
});
