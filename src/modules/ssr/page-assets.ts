import fs from 'node:fs';
import path from 'node:path';
import { PAGE_CODE_ID, pageCodeLoaderScript } from './page-code-loader';

/** What the template holds where this response's nonce goes (see HtmlTemplate). */
export const NONCE_SLOT = '<!--csp-nonce-->';
/** Where a page's own preload links go: after the entry script and its preloads. */
export const PRELOAD_SLOT = '<!--page-preload-->';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** "src/client/features/home/home-page.tsx" → "home" (as page-registry.ts names pages). */
function pageIdOfSource(src: string | undefined): string | undefined {
  return src ? /\/features\/[^/]+\/([a-z0-9-]+)-page\.tsx$/.exec(src)?.[1] : undefined;
}

/** A chunk and everything it imports, by manifest key. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The page's own code, preloaded from the HTML: the browser fetches the page's chunk and what it
 * imports alongside the entry, instead of learning of them only when the entry runs and asks for
 * the page (hydration waited for that second round trip). What the entry imports is preloaded
 * by Vite's own links already.
 */
export function pagePreloads(manifest: Manifest): Map<string, string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const shared = entryKey ? closure(manifest, entryKey) : new Set<string>();
  const links = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const pageId = pageIdOfSource(chunk.src);
    if (!pageId) continue;
    const own = [...closure(manifest, key)].filter((k) => !shared.has(k));
    // Low priority, as the entry's own (vite.config.mts): the first paint needs none of it.
    links.set(pageId, own.map((k) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${manifest[k].file}">`).join(''));
  }
  return links;
}

/**
 * The stylesheet the build links from the template, put inline instead, under this response's
 * nonce. It is small (about 6 KB compressed) and all of it shapes the first screen, so a link
 * would block the first paint on a second round trip for nothing, and any split into "critical"
 * and "later" parts would let the layout jump when the rest arrives (docs/decisions.md).
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_link, file: string) => {
    const css = fs.readFileSync(path.join(clientDir, file), 'utf8');
    // A stylesheet never holds "</style"; if it ever did, keeping the link is the safe answer.
    // data-href: where pages behind sign-in link it from (src/client/lib/prefetch-stylesheet.ts).
    return /<\/style/i.test(css) ? _link : `<style nonce="${NONCE_SLOT}" data-href="/${file}">${css}</style>`;
  });
}

/** Vite's manifest of the browser build (dist/client/.vite/manifest.json). */
export function readManifest(clientDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The template with a slot for the page's preloads right after the entry's module script. */
export function withPreloadSlot(template: string): string {
  const entry = /<script type="module"[^>]*><\/script>/.exec(template);
  if (!entry) return template;
  const at = entry.index + entry[0].length;
  return template.slice(0, at) + PRELOAD_SLOT + template.slice(at);
}

/**
 * The page's code (the entry's module script and every module preload, the page's own too)
 * held in an inert <template> and started by a small script under the nonce once the browser
 * has painted the page (issue 17, page-code-loader.ts). The page arrives rendered and styled, so
 * the first paint needs none of the code; but code the parser meets is fetched at once and, on
 * a fast network, arrives before the first frame, and Lighthouse then counts all of it into the
 * largest paint. All of it still starts at once, in parallel, as the HTML lists it: there is no
 * second round trip.
 */
export function codeAfterFirstPaint(template: string): string {
  const code = /<script type="module"[^>]*><\/script>(?:\s*(?:<link rel="modulepreload"[^>]*>|<!--page-preload-->))*/.exec(template);
  if (!code) return template;
  const inert = `<template id="${PAGE_CODE_ID}">${code[0].replace(/>\s+</g, '><').trim()}</template>`;
  return template.slice(0, code.index) + inert + pageCodeLoaderScript(NONCE_SLOT) + template.slice(code.index + code[0].length);
}
