import { Module, type DynamicModule, type Type } from '@nestjs/common';

/**
 * How a process takes the embedded database on its DATA_DIR: a server owns it (starts it, and
 * refuses one that another live server holds); a command-line tool shares the running
 * server's, or starts one of its own when none runs.
 */
export type EmbeddedPostgresUse = 'own' | 'share';

export const EMBEDDED_POSTGRES_USE = Symbol('EMBEDDED_POSTGRES_USE');

@Module({})
class CommandLineToolModule {}

/**
 * The application as a command-line tool builds it (`npm run billing`): `root` with the
 * embedded database shared, so it runs beside `npm start` on the same DATA_DIR as the README
 * says. Global, so the database locator inside `root` sees it.
 */
export function asCommandLineTool(root: Type): DynamicModule {
  return {
    module: CommandLineToolModule,
    global: true,
    imports: [root],
    providers: [{ provide: EMBEDDED_POSTGRES_USE, useValue: 'share' satisfies EmbeddedPostgresUse }],
    exports: [EMBEDDED_POSTGRES_USE],
  };
}
