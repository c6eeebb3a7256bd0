// The public entry of the ssr module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { PageDataModule, PageDataRegistry } from './page-data';
export type { PageDataContext, PageDataKey, PageDataLoader } from './page-data';
export { pageFastPath } from './page-fast-path';
export { PagePipeline } from './page-pipeline';
export { APP_VERSION } from './public-config';
export { reactBuildInUse } from './react-build';
export type { ReactBuild } from './react-build';
export { SignedInPageDoor } from './signed-in-page-door';
export { distDir } from './ssr-source';
export { SsrModule } from './ssr.module';
export { SsrService } from './ssr.service';
