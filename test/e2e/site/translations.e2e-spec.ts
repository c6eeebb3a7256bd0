import request from 'supertest';
import { localizePath, LOCALES } from '../../../src/shared/locale';
import { PAGES } from '../../../src/shared/site-map';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('Translations on rendered pages', () => {
  let sut: TestApp;
  let errors: jest.SpyInstance;

  beforeAll(async () => {
    // Spy before the first render: open pages are rendered once and then cached.
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    sut = await createTestApp();
  });

  afterAll(async () => {
    errors.mockRestore();
    await sut.close();
  });

  it('renders every page in every locale without a missing translation', async () => {
    for (const locale of LOCALES) {
      for (const page of PAGES) await request(sut.url).get(localizePath(page.path, locale));
      await request(sut.url).get(localizePath('/missing-page', locale)).expect(404);
    }
    const missing = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('[i18n]'));
    expect(missing).toEqual([]);
  });
});
