// The public entry of the data-export module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { DataExportErasure } from './data-export-erasure';
export { DataExportModule } from './data-export.module';
