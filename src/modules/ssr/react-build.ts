/** Which of React's builds renders this server's pages, read from the modules Node has loaded. */
export type ReactBuild = 'production' | 'development' | 'not-loaded';

export function reactBuildIn(loadedModulePaths: Iterable<string>): ReactBuild {
  for (const file of loadedModulePaths) {
    if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-server/.test(file)) continue;
    return /\.production(\.min)?\.js$/.test(file) ? 'production' : 'development';
  }
  return 'not-loaded';
}

let found: Exclude<ReactBuild, 'not-loaded'> | undefined;

/**
 * Kept once React's server renderer is loaded (it is never unloaded): reading every loaded
 * module's path took a fifth of the CPU of a GET /api/health under load.
 */
export function reactBuildInUse(): ReactBuild {
  if (found) return found;
  const build = reactBuildIn(Object.keys(require.cache));
  if (build !== 'not-loaded') found = build;
  return build;
}
