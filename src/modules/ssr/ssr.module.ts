import { Module } from '@nestjs/common';
import { SsrController } from './ssr.controller';
import { SsrService } from './ssr.service';

/** Imported last by AppModule: its catch-all route must come after every API route. */
@Module({ controllers: [SsrController], providers: [SsrService], exports: [SsrService] })
export class SsrModule {}
