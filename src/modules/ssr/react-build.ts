/** Which of React's builds renders this server's pages, read from the modules Node has loaded. */
export type ReactBuild = 'production' | 'development' | 'not-loaded';

export function reactBuildIn(loadedModulePaths: Iterable<string>): ReactBuild {
  for (const file of loadedModulePaths) {
    if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-server/.test(file)) continue;
    return /\.production(\.min)?\.js$/.test(file) ? 'production' : 'development';
  }
  return 'not-loaded';
}

export function reactBuildInUse(): ReactBuild {
  return reactBuildIn(Object.keys(require.cache));
}
