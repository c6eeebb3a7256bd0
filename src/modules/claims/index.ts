// The public entry of the claims module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { ClaimsReadModule } from './claims-read.module';
export { ClaimsModule } from './claims.module';
export { ClaimsService } from './claims.service';
export { CustomerClaims } from './customer-claims.service';
