import { reactBuildIn } from './react-build';

describe(reactBuildIn.name, () => {
  const root = '/srv/meterly/node_modules/react-dom';

  it('names the production build when its server renderer is loaded', () => {
    expect(reactBuildIn(['/srv/a.js', `${root}/server.node.js`, `${root}/cjs/react-dom-server-legacy.node.production.min.js`])).toBe('production');
  });

  it('names the development build when its server renderer is loaded', () => {
    expect(reactBuildIn([`${root}/cjs/react-dom-server-legacy.node.development.js`])).toBe('development');
  });

  it('says when no renderer is loaded yet', () => {
    expect(reactBuildIn([`${root}/server.node.js`, '/srv/meterly/node_modules/react/index.js'])).toBe('not-loaded');
  });
});
