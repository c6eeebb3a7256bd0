// The public entry of the documents module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { FONT, TIGHT_LINES } from './document-fonts';
export { documentTexts } from './document-texts';
export { BRAND, INK, SOFT, artifact, group, heading, list, listItem, masthead, paragraph, render, table, tableCell, tableRow, tag } from './pdf-document';
export { fullName, printablePolicy } from './printable-policy';
export { printable } from './printable-text';
