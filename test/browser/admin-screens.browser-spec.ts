import path from 'node:path';
import { accessibleNames } from '../support/accessible-names';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import { sellOnBehalf } from '../support/purchase-flow';
import { createSignedInCookie } from '../support/session-fixtures';
import { browserLike, signIn } from '../support/sign-in';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    prefix: '',
    email: 'E-mail address',
    show: 'Show sessions',
    revoke: 'Sign out',
    revokeAll: /^Sign out of all their sessions/,
    revokedOne: 'The session ended. That browser is signed out.',
    revokedAll: 'Sessions ended: 1. Staff acting for them stay signed in.',
    actingFor: 'agent@meterly.test acting for them',
    customer: 'Customer',
    action: 'Action',
    apply: 'Apply filters',
    exportCsv: 'Download CSV',
    nextPage: 'Next',
    search: 'Search by e-mail or name',
    searchButton: 'Search',
    noClaims: 'None',
    kind: 'Show',
    reads: 'Data viewed',
    collision: 'Collision deductible',
  },
  es: {
    prefix: '/es',
    email: 'Correo electrónico',
    show: 'Ver sesiones',
    revoke: 'Cerrar sesión',
    revokeAll: /^Cerrar todas sus sesiones/,
    revokedOne: 'La sesión terminó. Ese navegador ya no tiene la sesión iniciada.',
    revokedAll: 'Sesiones cerradas: 1. El personal que actúa en su nombre sigue conectado.',
    actingFor: 'agent@meterly.test actúa en su nombre',
    customer: 'Cliente',
    action: 'Acción',
    apply: 'Aplicar filtros',
    exportCsv: 'Descargar CSV',
    nextPage: 'Siguiente',
    search: 'Buscar por correo o nombre',
    searchButton: 'Buscar',
    noClaims: 'Ninguno',
    kind: 'Mostrar',
    reads: 'Datos consultados',
    collision: 'Deducible de colisión',
  },
};

/** Where screenshots go when SCREENSHOTS_DIR is set (to look at the screens, desktop and phone). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${device}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('Admin screens in the browser (issue 16)', () => {
  jest.setTimeout(120_000);

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    const env = browserTestEnvironment({ SEED_DEMO: 'true' });

    it("an admin ends a customer's sessions (the agent acting for them stays signed in), filters the audit log and sees the agent's sale", async () => {
      const customer = `browser-${locale.toLowerCase()}-${Date.now()}@example.com`;
      const cookieOf = async (user: Parameters<typeof createSignedInCookie>[1]) => {
        const cookie = await createSignedInCookie(env.app.databaseUrl, user);
        return browserLike(env.app).set('Cookie', `${cookie.name}=${cookie.value}`);
      };
      const laptop = await cookieOf({ email: customer });
      const phone = await cookieOf({ email: customer });
      const agent = await signIn(env.app, 'agent@meterly.test');
      // The agent buys the customer a policy, which waits for the customer's confirmation.
      const sold = await sellOnBehalf(agent, customer);
      const policyNumber = sold.body.payload.policy.number as string;
      const sessionOf = async (client: ReturnType<typeof browserLike>) => (await client.get('/api/session').expect(200)).body.payload;

      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      const admin = await createSignedInCookie(env.app.databaseUrl, { email: 'admin@meterly.test', role: 'admin' });
      await page.context().addCookies([{ ...admin, domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);

      await page.goto(`${env.app.url}${text.prefix}/admin/sessions`);
      await page.getByLabel(text.email).fill(customer);
      await page.getByRole('button', { name: text.show }).click();
      const rows = page.locator('.admin-table tbody tr');
      await page.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 3);
      await page.getByText(text.actingFor).waitFor();
      await shoot(page, `admin-sessions-${locale}`);

      // Each "Sign out" says which session (issue 29): the laptop's and the phone's read alike in every column.
      const revokes = await accessibleNames(page.locator('.admin-table'), 'button');
      expect(revokes).toHaveLength(2);
      expect(revokes.every((name) => name.startsWith(`${text.revoke} `))).toBe(true);
      expect(new Set(revokes).size).toBe(2);
      await rows.getByRole('button', { name: revokes[0], exact: true }).click();
      await page.getByRole('status').filter({ hasText: text.revokedOne }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 2);
      const signedOut = [await sessionOf(laptop), await sessionOf(phone)].filter((s) => !s.userEmail);
      expect(signedOut).toHaveLength(1);

      await page.getByRole('button', { name: text.revokeAll }).click();
      await page.getByRole('status').filter({ hasText: text.revokedAll }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 1);
      expect([await sessionOf(laptop), await sessionOf(phone)]).toEqual([{}, {}]);
      expect(await sessionOf(agent)).toMatchObject({ userEmail: customer, onBehalf: true });

      await page.goto(`${env.app.url}${text.prefix}/admin/audit`);
      await page.locator('.admin-table tbody tr').first().waitFor();
      await page.getByLabel(text.customer).fill(customer);
      await page.getByLabel(text.action).selectOption('session.revoke');
      await page.getByRole('button', { name: text.apply }).click();
      await page.waitForFunction(() => {
        const cells = [...document.querySelectorAll('.admin-table tbody tr td:nth-child(4)')].map((cell) => cell.textContent);
        // The action's name in the page's language, then its code (issue 30, item 7).
        return cells.length === 2 && cells.every((cell) => cell !== 'session.revoke' && cell?.endsWith(' session.revoke'));
      });
      const href = await page.getByRole('link', { name: text.exportCsv }).getAttribute('href');
      expect(href).toBe(`/api/admin/audit/export?customer=${encodeURIComponent(customer)}&action=session.revoke`);
      expect(await page.getByRole('button', { name: text.nextPage }).isDisabled()).toBe(true);
      await shoot(page, `admin-audit-${locale}`);

      // Issue 26: actions first, a change with its before and after in the page's language; the reads when asked for.
      const [{ id: customerId }] = await queryRows<{ id: string }>(env.app, `SELECT id FROM users WHERE lower(email) = lower($1)`, [customer]);
      const [{ id: agentId }] = await queryRows<{ id: string }>(env.app, `SELECT id FROM users WHERE email = 'agent@meterly.test'`);
      for (const [action, changes] of [
        ['policy.read', null],
        ['policy.change.price', [{ field: 'collisionDeductible', before: 500, after: 1000 }]],
      ] as const)
        await queryRows(
          env.app,
          `INSERT INTO audit_log (actor_user_id, actor_email, actor_role, customer_user_id, customer_email, action, target, changes)
           VALUES ($1, 'agent@meterly.test', 'agent', $2, $3, $4, $5, $6)`,
          [agentId, customerId, customer, action, `${policyNumber}: coverage`, changes && JSON.stringify(changes)],
        );
      await page.reload();
      await page.locator('.admin-table tbody tr').first().waitFor();
      await page.getByLabel(text.customer).fill(customer);
      await page.getByRole('button', { name: text.apply }).click();
      const money = (dollars: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(dollars);
      const changed = `${text.collision}: ${money(500)} → ${money(1000)}`;
      await page.locator('.audit-changes li').filter({ hasText: changed }).waitFor();
      const codes = async () => page.locator('.admin-table tbody tr td:nth-child(4) code').allTextContents();
      expect(await codes()).not.toContain('policy.read');
      await shoot(page, `admin-audit-changes-${locale}`);
      await page.getByLabel(text.kind, { exact: true }).selectOption('reads');
      await page.getByRole('button', { name: text.apply }).click();
      await page.waitForFunction(() => !document.querySelector('.audit-changes'));
      expect(await codes()).toContain('policy.read');
      expect(await codes()).not.toContain('policy.change.price');
      expect(await page.getByRole('option', { name: text.reads }).count()).toBe(1);

      await page.goto(`${env.app.url}${text.prefix}/admin/staff`);
      await page.locator('.admin-table tbody tr').first().waitFor();
      await shoot(page, `admin-staff-${locale}`);
      await page.goto(`${env.app.url}${text.prefix}/agent/customers`);
      await page.getByLabel(text.search).fill(customer);
      await page.getByRole('button', { name: text.searchButton, exact: true }).click();
      // The unfiltered list shown before the search holds this customer too: wait for the
      // search's answer (one row, this customer's), not for the row itself.
      await page.waitForFunction((email) => {
        const rows = [...document.querySelectorAll('.admin-table tbody tr')];
        return rows.length === 1 && rows[0].textContent?.includes(email);
      }, customer);
      const row = page.locator('.admin-table tbody tr').filter({ hasText: customer });
      expect(await row.filter({ hasText: policyNumber }).count()).toBe(1);
      expect(await row.locator('td').nth(1).textContent()).toBe('Dana Reyes');
      expect(await row.locator('td').nth(3).textContent()).toBe('1');
      expect(await row.locator('td').nth(4).textContent()).toBe(text.noClaims);
      await shoot(page, `agent-customers-${locale}`);

      await agent.post('/api/agent/on-behalf/stop').send({});
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
