// The public entry of the account-deletion module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AccountDeletionModule } from './account-deletion.module';
export { USER_DATA_DECISIONS, type UserDataDecision } from './user-data-decisions';
