// The public entry of the analytics module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AnalyticsErasure } from './analytics-erasure';
export { AnalyticsModule } from './analytics.module';
