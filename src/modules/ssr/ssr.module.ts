import { Module } from '@nestjs/common';
import { FeatureFlagsModule } from '../feature-flags';
import { SessionModule } from '../session';
import { PagePipeline } from './page-pipeline';
import { SignedInPageDoor } from './signed-in-page-door';
import { SsrController } from './ssr.controller';
import { SsrService } from './ssr.service';

/**
 * Imported last by AppModule: its catch-all page route must come after every API route.
 * Every page is answered by PagePipeline: through the controller, or, for open pages already
 * rendered, through the listener configure-app puts in front of the framework (page-fast-path.ts).
 */
@Module({
  imports: [FeatureFlagsModule, SessionModule],
  controllers: [SsrController],
  providers: [SsrService, PagePipeline, SignedInPageDoor],
  exports: [SsrService, PagePipeline],
})
export class SsrModule {}
