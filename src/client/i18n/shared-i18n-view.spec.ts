import type { i18n } from 'i18next';
import { createI18n } from './create-i18n';
import { sharedI18nView } from './shared-i18n-view';

type Translate = (...args: unknown[]) => string;
/** getFixedT as react-i18next calls it (i18next's own types know only three arguments). */
const fixedT = (source: i18n, ns: string, keyPrefix?: string, options?: object): Translate =>
  (source.getFixedT as unknown as (...args: unknown[]) => Translate)('en-US', ns, keyPrefix, options);

const TEXTS = {
  common: { hello: 'Hello, {{name}}', nav: { home: 'Home' }, item_one: '{{count}} item', item_other: '{{count}} items', ref: 'See $t(common:nav.home)' },
  profile: { title: 'Your policies', nested: { deep: 'Deep text' } },
};

describe(sharedI18nView.name, () => {
  const instance = createI18n('en-US', TEXTS);
  const view = sharedI18nView(instance);

  it('owns only its getFixedT, so a wrapper copies next to nothing, and inherits the rest', () => {
    expect(Object.getOwnPropertyNames(view)).toEqual(['getFixedT']);
    expect(view.language).toBe('en-US');
    expect(view.t('common:nav.home')).toBe('Home');
    expect(view.hasLoadedNamespace('profile')).toBe(true);
  });

  it.each([
    ['a plain key', 'profile', undefined, ['title']],
    ['a nested key', 'profile', undefined, ['nested.deep']],
    ['interpolation', 'common', undefined, ['hello', { name: 'Ana' }]],
    ['plurals', 'common', undefined, ['item', { count: 2 }]],
    ['nesting', 'common', undefined, ['ref']],
    ['another namespace in the key', 'profile', undefined, ['common:nav.home']],
    ['another namespace in the options', 'profile', undefined, ['nav.home', { ns: 'common' }]],
    ['a prefix', 'profile', 'nested', ['deep']],
    ['a default value as a string', 'profile', undefined, ['missing.key', 'Fallback']],
    ['a key selector', 'profile', undefined, [(($: { title: string }) => $.title)]],
    ['a list of keys', 'profile', undefined, [['missing', 'title']]],
  ] as Array<[string, string, string | undefined, unknown[]]>)('translates %s as i18next does', (_label, ns, keyPrefix, args) => {
    const scope = { scopeNs: [ns] };
    const ours = fixedT(view, ns, keyPrefix, scope);
    const theirs = fixedT(instance, ns, keyPrefix, scope);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(ours(...args)).toBe(theirs(...args));
    expect(ours(...args)).not.toBe('');
  });

  it('hands out the same function for the same language, namespace and prefix', () => {
    expect(fixedT(view, 'profile')).toBe(fixedT(view, 'profile'));
    expect(fixedT(view, 'profile')).not.toBe(fixedT(view, 'common'));
    expect(fixedT(view, 'profile', 'nested')).not.toBe(fixedT(view, 'profile'));
  });

  it('keeps a text asked for without options, and never one with interpolated values', () => {
    const t = fixedT(view, 'common');
    const translate = jest.spyOn(instance, 't');
    expect(t('nav.home')).toBe('Home');
    expect(t('nav.home')).toBe('Home');
    expect(t('hello', { name: 'Ana' })).toBe('Hello, Ana');
    expect(t('hello', { name: 'Luis' })).toBe('Hello, Luis');
    // The first plain call asks i18next; the second is the kept text.
    expect(translate.mock.calls.map(([key]) => key)).toEqual(['nav.home', 'hello', 'hello']);
    translate.mockRestore();
  });
});
