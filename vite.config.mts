import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** What is worth compressing: text, not images or fonts that are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text file of the browser build, made
 * once here so the server sends them as they are (src/bootstrap/static-files.ts) instead of
 * compressing on every request at a lower level.
 */
function precompress(): Plugin {
  return {
    name: 'meterly-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir!;
      const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
      for (const entry of files) {
        const file = path.join(entry.parentPath, entry.name);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 512) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The entry's module script and its preloads are fetched at low priority (issue 17): nothing the
 * first paint shows needs them (the page is rendered and styled in the HTML, and the cookie
 * banner is shown by an inline script), and a module script never blocks painting anyway.
 * At High, Lighthouse's simulation counts every script that finished before the first paint as
 * blocking it. The server gives the page's own preloads the same (src/modules/ssr/page-assets.ts).
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'meterly-low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
    },
  };
}

/**
 * The libraries every page hydrates with, in one chunk (issue 17): split four ways, each file was
 * compressed on its own and Home's JavaScript came to 87 KB as served; together they compress
 * against each other. Libraries of a single page (charts, card entry) stay with that page.
 */
const FIRST_PAINT_LIBRARIES = (id: string) =>
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|react-router|use-sync-external-store)[\\/]/.test(id) &&
  // <Trans> (and the HTML parser it brings) serves one signed-in page: it stays in that page's chunk.
  !/[\\/]react-i18next[\\/].*[\\/](Icu)?Trans/.test(id);

/**
 * The service worker that keeps the customer's ID card for use offline (issue 27): our own source
 * (src/client/offline/service-worker.ts, Workbox's routing and strategies) built by vite-plugin-pwa
 * into /sw.js, with Workbox's precache list injected (the offline page's icon only: no page, script
 * or answer of the site is kept). The manifests are our own files in public/, one per language,
 * and the worker is registered by our code after the first paint, so the plugin writes neither.
 */
const offlineWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client/offline',
    filename: 'service-worker.ts',
    manifest: false,
    injectRegister: false,
    injectManifest: { globPatterns: ['favicon.svg'], rollupFormat: 'iife', minify: true, sourcemap: false },
  });

// Two builds from one config: the browser bundle (dist/client, with a manifest, precompressed)
// and the server renderer (dist/ssr, CommonJS so the Nest server can require it).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), lowPriorityScripts(), offlineWorker(), precompress()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: {
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
          // The renderer loads every page at once (entry-server's eager glob), so the browser's
          // lazy imports (the consent options, the offline cards) are plain imports here, as meant.
          checks: { ineffectiveDynamicImport: false },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Kept for symbolicating browser errors, but not referenced from the scripts; the
        // static handler never serves *.map (issue 14): our client source is not published.
        sourcemap: 'hidden',
        target: 'es2022',
        rollupOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: FIRST_PAINT_LIBRARIES }] } } },
      },
}));
