import request from 'supertest';
import { localizePath, LOCALES } from '../../../src/shared/locale';
import { PAGES } from '../../../src/shared/site-map';
import { useTestApp } from '../../support/use-test-app';

describe('Translations on rendered pages', () => {
  let errors: jest.SpyInstance;

  beforeAll(async () => {
    // Spy before the first render: open pages are rendered once and then cached.
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const sut = useTestApp();
  sut.beforeClose(() => errors.mockRestore());

  it('renders every page in every locale without a missing translation', async () => {
    for (const locale of LOCALES) {
      for (const page of PAGES) await request(sut.url).get(localizePath(page.path, locale));
      await request(sut.url).get(localizePath('/missing-page', locale)).expect(404);
    }
    const missing = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('[i18n]'));
    expect(missing).toEqual([]);
  });
});
