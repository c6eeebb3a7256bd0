// The public entry of the miles module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { DeviceRevocation, DeviceRevocationModule } from './device-revocation';
export { MilesErasure, type MilesErased } from './miles-erasure';
export { MilesNotifications } from './miles-notifications.service';
export { MilesModule } from './miles.module';
export { LocationChoiceService } from './location-choice.service';
export { MilesService } from './miles.service';
