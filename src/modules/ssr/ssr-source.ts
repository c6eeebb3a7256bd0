import fs from 'node:fs';
import path from 'node:path';
import { HtmlTemplate } from './html-template';
import { codeAfterFirstPaint, inlineStylesheets, pagePreloads, readManifest, withPreloadSlot } from './page-assets';
import type { SsrBundle } from '../../shared/render-contract';
import type { ViteDevServer } from 'vite' with { 'resolution-mode': 'import' };

export interface SsrSource {
  /**
   * The template and renderer for this request (fixed in production, fresh in development);
   * `linked`, when there is one, is the template that links the stylesheet instead of carrying it.
   */
  load(url: string): Promise<{ template: HtmlTemplate; linked?: HtmlTemplate; bundle: SsrBundle; preloads?: Map<string, string> }>;
  close(): Promise<void>;
}

export function distDir(): string {
  // Compiled: dist/server/src/modules/ssr → dist; under ts (tests, tsx): src/modules/ssr → dist.
  const fromCompiled = path.resolve(__dirname, '../../../..');
  if (path.basename(fromCompiled) === 'dist') return fromCompiled;
  return path.resolve(__dirname, '../../../dist');
}

/** Production: the built template read once and the built renderer required once. */
export function builtSsrSource(): SsrSource {
  const dist = distDir();
  const templatePath = path.join(dist, 'client', 'index.html');
  const bundlePath = path.join(dist, 'ssr', 'entry-server.cjs');
  if (!fs.existsSync(templatePath) || !fs.existsSync(bundlePath)) {
    throw new Error(`No client build in ${dist}: run "npm run build" first (npm start does it for you).`);
  }
  const clientDir = path.join(dist, 'client');
  const built = fs.readFileSync(templatePath, 'utf8');
  const loaded = {
    template: new HtmlTemplate(codeAfterFirstPaint(withPreloadSlot(inlineStylesheets(built, clientDir)))),
    linked: new HtmlTemplate(codeAfterFirstPaint(withPreloadSlot(built))),
    preloads: pagePreloads(readManifest(clientDir)),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    bundle: require(bundlePath) as SsrBundle,
  };
  return { load: async () => loaded, close: async () => undefined };
}

/** Development: Vite in middleware mode, the template and renderer transformed per request. */
export async function viteSsrSource(): Promise<SsrSource & { vite: ViteDevServer }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const root = path.resolve(distDir(), '..');
  return {
    vite,
    async load(url) {
      const raw = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
      const template = new HtmlTemplate(await vite.transformIndexHtml(url, raw));
      const bundle = (await vite.ssrLoadModule('/src/client/entry-server.tsx')) as SsrBundle;
      return { template, bundle };
    },
    close: () => vite.close(),
  };
}
