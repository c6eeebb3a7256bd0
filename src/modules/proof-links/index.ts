// The public entry of the proof-links module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { ProofLinkErasure } from './proof-link-erasure';
export { ProofLinksModule } from './proof-links.module';
export { ProofLinksService } from './proof-links.service';
