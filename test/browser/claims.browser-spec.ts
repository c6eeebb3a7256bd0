import { formatClaimTime } from '../../src/client/components/claims/claim-time';
import { accessibleNames } from '../support/accessible-names';
import { focusedOn } from '../support/browser-focus';
import { seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS } from '../support/browser-sign-in';
import { desktopAndPhone } from '../support/browser-staff';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { queryRows } from '../support/payment-fixtures';
import { customerWithPolicy } from '../support/policy-customer';
import { createSignedInCookie } from '../support/session-fixtures';
import { carriesSecrets, jpegWithMetadata, pngWithMetadata } from '../support/test-images';
import type { Locale } from '../../src/shared/locale';

/** The photos of the damage as a phone saves them: with where they were taken (GPS) and the phone's serial. */
const PNG = pngWithMetadata();
const JPEG = jpegWithMetadata();
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    claims: 'claims:title',
    report: 'claims:report',
    formTitle: 'claims:form.title',
    accident: 'claims:form.kinds.accident',
    when: 'claims:form.when',
    where: 'claims:form.where',
    what: 'claims:form.what',
    otherParty: 'claims:form.otherParty',
    police: 'claims:form.policeReport',
    no: 'claims:form.no',
    photos: 'claims:form.photos',
    sendClaim: 'claims:form.send',
    cancelForm: 'claims:form.cancel',
    whereRequired: 'claims:errors.whereRequired',
    photoType: 'claims:errors.photos.type',
    reported: 'claims:status.reported',
    nextTitle: 'claims:follow.title',
    addPhotos: 'claims:addPhotos.label',
    sendPhotos: 'claims:addPhotos.send',
    handlerTitle: 'claims:follow.handler',
    staffTitle: 'staff-claims:title',
    open: 'staff-claims:open',
    openNamed: 'staff-claims:openNamed',
    underReview: 'claims:status.under_review',
    note: 'staff-claims:note',
    save: 'staff-claims:move',
  },
  {
    'en-US': {
      received: /^We received your claim\. Your claim number is (CLM-\d{4}-\d{6});/,
      moved: /is now: Under review\. The customer has been told\./,
      staffNote: 'An adjuster, Kim, will call you by Friday.',
      description: 'A pickup ran the red light and hit my passenger door.',
    },
    es: {
      received: /^Recibimos tu reclamo\. Tu número de reclamo es (CLM-\d{4}-\d{6});/,
      moved: /ahora está: En revisión\. Ya se lo avisamos al cliente\./,
      staffNote: 'Una ajustadora, Kim, te llamará antes del viernes.',
      description: 'Una camioneta se pasó el semáforo en rojo y chocó la puerta del pasajero.',
    },
  },
);

/** "2026-11-24T17:30", `hours` ago on this machine's clock (the browser's). */
function localMinutesAgo(hours: number): string {
  const at = new Date(Date.now() - hours * 3_600_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

describe('A customer reports a claim with a photo, and sees staff move it', () => {
  jest.setTimeout(180_000);

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    const env = browserTestEnvironment({ SEED_DEMO: 'true' });

    let email: string;

    /** Dana's (MTR-1001) customer with an Arizona policy that started ten days ago. */
    beforeAll(async () => {
      ({ email } = await customerWithPolicy(env.app, `claim-${locale.toLowerCase()}`, { producerId: 'MTR-1001' }));
    });

    it('with the keyboard alone, the report form closed puts the focus back on the button that opened it', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      await page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      const section = page.getByRole('region', { name: text.claims });
      await section.getByRole('button', { name: text.report }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: text.formTitle });
      await form.getByRole('button', { name: text.cancelForm, exact: true }).focus();
      await page.keyboard.press('Enter');
      await form.waitFor({ state: 'detached' });
      expect(await focusedOn(page, 'button')).toMatchObject({ text: text.report });
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('takes the report on the profile, gives its number at once, and shows the status and note staff set', async () => {
      const customer = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      const page = customer.page;
      await page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      const section = page.getByRole('region', { name: text.claims });
      await section.waitFor();
      expect(await section.getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:18005550199');

      await section.getByRole('button', { name: text.report }).click();
      const form = page.getByRole('form', { name: text.formTitle });
      await form.getByRole('radio', { name: text.accident }).check();
      await form.getByLabel(text.when).fill(localMinutesAgo(20));
      await form.getByLabel(text.what, { exact: true }).fill(text.description);
      await form
        .getByRole('group', { name: /Was anyone hurt|¿Alguien resultó herido/ })
        .getByRole('radio', { name: text.no })
        .check();
      await form.getByLabel(text.otherParty).fill('Sam Lee, Acme Mutual, AZ 123-ABC');
      await form.getByLabel(text.police).fill('PHX-2026-118234');
      // A GIF is refused before anything is sent, and so is a report without a place.
      await form.getByLabel(text.photos).setInputFiles({ name: 'scene.gif', mimeType: 'image/gif', buffer: GIF });
      await form.getByRole('button', { name: text.sendClaim }).click();
      await form.getByText(text.whereRequired).waitFor();
      await form.getByText(text.photoType).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await form.getByLabel(text.where).fill('Camelback Rd and 24th St, Phoenix');
      await form.getByLabel(text.photos).setInputFiles([
        { name: 'damage.png', mimeType: 'image/png', buffer: PNG },
        { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      ]);
      await desktopAndPhone(page, `claims-form-${locale}`, form);
      await form.getByRole('button', { name: text.sendClaim }).click();

      const received = section.getByRole('status').filter({ hasText: text.received });
      await received.waitFor();
      const number = text.received.exec((await received.textContent()) ?? '')![1];
      const card = section.getByRole('listitem').filter({ hasText: number });
      await card.getByText(text.reported, { exact: true }).first().waitFor();
      expect(await card.textContent()).toContain('2019 Honda Civic');
      expect(await card.textContent()).toContain('PHX-2026-118234');
      // Issue 27: what happens next, each step by a day, and who handles it (the agent who sold the policy).
      await card.getByRole('heading', { name: text.nextTitle }).waitFor();
      expect(await card.locator('.claim-follow__steps li').count()).toBe(3);
      await card.getByRole('heading', { name: text.handlerTitle }).waitFor();
      expect(await card.getByRole('link', { name: /agent@meterly\.test/ }).getAttribute('href')).toBe('mailto:agent@meterly.test');
      await desktopAndPhone(page, `claims-reported-${locale}`, section);
      expect(await seriousA11yProblems(page)).toEqual([]);
      // Each photo went up as itself, and was kept without the phone's metadata.
      const photos = await queryRows<{ claimId: string; id: string; bytes: Buffer }>(
        env.app,
        `SELECT c.id AS "claimId", p.id, p.bytes FROM claim_photos p JOIN claims c ON c.id = p.claim_id WHERE c.number = $1 ORDER BY p.position`,
        [number],
      );
      expect(photos).toHaveLength(2);
      expect(photos.map((photo) => carriesSecrets(photo.bytes))).toEqual([false, false]);

      // The agent who sold the policy finds it on the staff page and moves it on, with a note.
      const staff = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      const agentCookie = await createSignedInCookie(env.app.databaseUrl, { email: 'agent@meterly.test', role: 'agent', producerId: 'MTR-1001' });
      await staff.page.context().addCookies([{ ...agentCookie, url: env.app.url }]);
      await staff.page.goto(`${env.app.url}${text.prefix}/agent/claims`);
      await staff.page.getByRole('heading', { level: 1, name: text.staffTitle }).waitFor();
      const item = staff.page.getByRole('listitem').filter({ hasText: number });
      // Each claim's button says which claim it opens (issue 29: a list of "Open"s read out of context).
      await item.getByRole('button', { name: text.open }).waitFor();
      const opens = (await accessibleNames(staff.page.getByRole('main'), 'button')).filter((name) => name.startsWith(text.open));
      expect(opens).toContain(text.openNamed.replace('{{number}}', number));
      expect(new Set(opens).size).toBe(opens.length);
      await item.getByRole('button', { name: text.open }).click();
      // Staff's copies still decode as images: the browser's own decoder draws each.
      const sizes = await staff.page.evaluate(
        (urls) =>
          Promise.all(
            urls.map(async (url) => {
              const bitmap = await createImageBitmap(await (await fetch(url)).blob());
              return [bitmap.width, bitmap.height];
            }),
          ),
        photos.map((photo) => `/api/agent/claims/${photo.claimId}/photos/${photo.id}`),
      );
      expect(sizes).toEqual([
        [1, 1],
        [2, 2],
      ]);
      await item.getByRole('radio', { name: text.underReview }).check();
      await item.getByLabel(text.note).fill(text.staffNote);
      await desktopAndPhone(staff.page, `claims-staff-${locale}`, item);
      await item.getByRole('button', { name: text.save }).click();
      await item.getByRole('status').filter({ hasText: text.moved }).waitFor();
      expect(await seriousA11yProblems(staff.page)).toEqual([]);
      await desktopAndPhone(staff.page, `claims-staff-moved-${locale}`, item);

      // Back on the profile: the new status and the note.
      await page.reload();
      const updated = page.getByRole('region', { name: text.claims }).getByRole('listitem').filter({ hasText: number });
      await updated.getByText(text.staffNote).waitFor();
      await updated.getByText(text.underReview).first().waitFor();
      // Under review: the decision and the payment are what is left.
      expect(await updated.locator('.claim-follow__steps li').count()).toBe(2);
      // After the report, more photos (issue 27): a GIF is refused before anything is sent, a third photo joins the two kept.
      await updated.getByLabel(text.addPhotos, { exact: true }).setInputFiles({ name: 'later.gif', mimeType: 'image/gif', buffer: GIF });
      await updated.getByRole('button', { name: text.sendPhotos }).click();
      await updated.getByText(text.photoType).waitFor();
      await updated
        .getByLabel(text.addPhotos, { exact: true })
        .setInputFiles({ name: 'later.jpg', mimeType: 'image/jpeg', buffer: jpegWithMetadata(undefined, 3) });
      await updated.getByRole('button', { name: text.sendPhotos }).click();
      await updated.getByRole('status').filter({ hasText: '(1)' }).waitFor();
      expect(await updated.locator('.claim-photos a').count()).toBe(3);
      await desktopAndPhone(page, `claims-under-review-${locale}`, updated);
      // Issue 29: the profile comes with its claims drawn by the server; in a browser in Arizona (not
      // the server's zone) it hydrates without a mismatch, then writes the times in Arizona's.
      const arizona = await openWatchedPage(env.browser, { timezoneId: 'America/Phoenix' });
      await arizona.page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
      await arizona.page.goto(`${env.app.url}${text.prefix}/profile`);
      const there = arizona.page.getByRole('region', { name: text.claims }).getByRole('listitem').filter({ hasText: number });
      await there.getByText(text.staffNote).waitFor();
      const [{ occurredAt }] = await queryRows<{ occurredAt: Date }>(env.app, `SELECT occurred_at AS "occurredAt" FROM claims WHERE number = $1`, [number]);
      await there.getByText(formatClaimTime(occurredAt.toISOString(), locale as Locale, 'America/Phoenix')).waitFor();
      expect(arizona.problems).toEqual([]);
      await arizona.page.context().close();
      expect(customer.problems).toEqual([]);
      expect(staff.problems).toEqual([]);
      await staff.page.context().close();
      await page.context().close();
    });
  });
});
