import { Module } from '@nestjs/common';
import { FeatureFlagsModule } from '../feature-flags/feature-flags.module';
import { SsrController } from './ssr.controller';
import { SsrService } from './ssr.service';

/**
 * Imported last by AppModule: its catch-all page route must come after every API route.
 * Rendered open pages are then answered in front of the framework (page-fast-path.ts).
 */
@Module({ imports: [FeatureFlagsModule], controllers: [SsrController], providers: [SsrService], exports: [SsrService] })
export class SsrModule {}
