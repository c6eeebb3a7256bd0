import { seriousA11yProblems } from '../support/browser-purchase';
import { ADMIN, danasCustomer, DANA, desktopAndPhone, openSignedIn } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { reportAccident } from '../support/claim-fixtures';

/** A 1×1 PNG: the photo of the damage. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const TEXTS = {
  'en-US': {
    prefix: '',
    // The agent who sold the policy in English, an admin in Spanish: both reach the claim.
    staff: DANA,
    customersTitle: 'Your customers',
    search: 'Search by e-mail or name',
    searchButton: 'Search',
    openClaims: 'Open claims',
    reported: 'Reported',
    claimTitle: (number: string) => `Claim ${number}`,
    underReview: 'Under review',
    note: 'Note to the customer',
    save: 'Save the step',
    moved: (number: string) => `Claim ${number} is now: Under review. The customer has been told.`,
    staffNote: 'An adjuster, Kim, will call you by Friday about the passenger door.',
    claims: 'Claims',
  },
  es: {
    prefix: '/es',
    staff: ADMIN,
    customersTitle: 'Clientes',
    search: 'Buscar por correo o nombre',
    searchButton: 'Buscar',
    openClaims: 'Reclamos abiertos',
    reported: 'Reportado',
    claimTitle: (number: string) => `Reclamo ${number}`,
    underReview: 'En revisión',
    note: 'Nota para el cliente',
    save: 'Guardar el paso',
    moved: (number: string) => `El reclamo ${number} ahora está: En revisión. Ya se lo avisamos al cliente.`,
    staffNote: 'Una ajustadora, Kim, te llamará antes del viernes por la puerta del pasajero.',
    claims: 'Reclamos',
  },
};

describe("From the staff customers screen into a customer's claim", () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('staff find the customer with an open claim, follow its link to the claim, move it to under review with a note, and the customer reads both', async () => {
      const { web, email, policyId } = await danasCustomer(env.app, `customer-claim-${locale.toLowerCase()}`, { locale });
      const { id: claimId, number } = await reportAccident(web, policyId);
      // The photo follows the report as itself (POST /api/claims/:id/photos).
      await web.post(`/api/claims/${claimId}/photos`).set('Content-Type', 'image/png').send(Buffer.from(PNG, 'base64')).expect(201);

      const staff = await openSignedIn(env, text.staff);
      const page = staff.page;
      await page.goto(`${env.app.url}${text.prefix}/agent/customers`);
      await page.getByRole('heading', { level: 1, name: text.customersTitle }).waitFor();
      await page.getByLabel(text.search).fill(email);
      await page.getByRole('button', { name: text.searchButton, exact: true }).click();
      // The list shown before the search may hold the customer too: wait for the search's one row.
      await page.waitForFunction((customer) => {
        const rows = [...document.querySelectorAll('.admin-table tbody tr')];
        return rows.length === 1 && rows[0].textContent?.includes(customer);
      }, email);
      const row = page.locator('.admin-table tbody tr').filter({ hasText: email });
      const claimCell = row.locator(`td[data-label="${text.openClaims}"]`);
      await claimCell.getByText(text.reported).waitFor();
      const link = claimCell.getByRole('link', { name: number });
      expect(await link.getAttribute('href')).toBe(`${text.prefix}/agent/claims?claim=${claimId}`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await desktopAndPhone(page, `customer-claim-customers-${locale}`, row);

      // The link opens the staff claims screen with this claim open and in view.
      await link.click();
      await page.waitForURL(`${env.app.url}${text.prefix}/agent/claims?claim=${claimId}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text.claimTitle(number) }) });
      await card.getByLabel(text.note).waitFor();
      expect(await card.isVisible()).toBe(true);
      expect(await card.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      await card.getByRole('radio', { name: text.underReview }).check();
      await card.getByLabel(text.note).fill(text.staffNote);
      await desktopAndPhone(page, `customer-claim-staff-${locale}`, card);
      await card.getByRole('button', { name: text.save }).click();
      await card
        .getByRole('status')
        .filter({ hasText: text.moved(number) })
        .waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);

      // Back on the customers screen, the claim shows its new state.
      await page.goBack();
      await page.getByLabel(text.search).fill(email);
      await page.getByRole('button', { name: text.searchButton, exact: true }).click();
      await page
        .locator('.admin-table tbody tr')
        .filter({ hasText: email })
        .locator(`td[data-label="${text.openClaims}"]`)
        .getByText(text.underReview)
        .waitFor();

      // The customer, signed in on their own browser, reads the status and the note.
      const customer = await openSignedIn(env, { email });
      await customer.page.goto(`${env.app.url}${text.prefix}/profile`);
      const claim = customer.page.getByRole('region', { name: text.claims }).getByRole('listitem').filter({ hasText: number });
      await claim.getByText(text.staffNote).waitFor();
      await claim.getByText(text.underReview).first().waitFor();
      await desktopAndPhone(customer.page, `customer-claim-profile-${locale}`, claim);
      expect(staff.problems).toEqual([]);
      expect(customer.problems).toEqual([]);
      await page.context().close();
      await customer.page.context().close();
    });
  });
});
