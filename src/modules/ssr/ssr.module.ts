import { Module } from '@nestjs/common';
import { FeatureFlagsModule } from '../feature-flags';
import { SessionModule } from '../session';
import { KeptPageData } from './kept-page-data';
import { PageDataModule } from './page-data';
import { PageDataVersions } from './page-data-versions';
import { PagePipeline } from './page-pipeline';
import { SignedInPageDoor } from './signed-in-page-door';
import { SsrController } from './ssr.controller';
import { SsrService } from './ssr.service';

/**
 * Imported last by AppModule: its catch-all page route must come after every API route.
 * Every page is answered by PagePipeline: through the controller, or through a door in front of
 * the framework (open pages already rendered: page-fast-path.ts; a plain visit to a page behind
 * sign-in: signed-in-page-door.ts), each placed in the HTTP pipeline (src/bootstrap/http-pipeline.ts).
 */
@Module({
  imports: [FeatureFlagsModule, SessionModule, PageDataModule],
  controllers: [SsrController],
  providers: [SsrService, PagePipeline, SignedInPageDoor, KeptPageData, PageDataVersions],
  exports: [SsrService, PagePipeline],
})
export class SsrModule {}
