// The public entry of the auth module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AUTH_LIMITS } from './auth-limits';
export { AuthModule } from './auth.module';
export { MagicLinkService } from './magic-link.service';
export { SignInCodesModule } from './sign-in-codes.module';
export { SignInCodes } from './sign-in-codes.service';
export { SignInEvents } from './sign-in-events';
export type { SignInEvent } from './sign-in-events';
export { SignedIn } from './signed-in.decorator';
export { SignedInGuard } from './signed-in.guard';
export { AdminGuard, StaffGuard } from './staff.guard';
