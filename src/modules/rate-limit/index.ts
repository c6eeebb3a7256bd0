// The public entry of the rate-limit module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { RateLimitModule } from './rate-limit.module';
export { RateLimiter } from './rate-limiter.service';
export type { RateRule } from './rate-limiter.service';
export { HOUR, MINUTE, rule } from './rate-rule';
