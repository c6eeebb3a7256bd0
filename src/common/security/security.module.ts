import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { SessionModule } from '../../modules/session';
import { CsrfMiddleware } from './csrf.middleware';

/** Imported before the session module, so a forged request is refused before its session is read. */
@Module({ imports: [SessionModule], providers: [CsrfMiddleware] })
export class SecurityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CsrfMiddleware).forRoutes('api/{*path}');
  }
}
