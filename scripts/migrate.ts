import { parseAppConfig } from '../src/config/parse-app-config';
import { runMigrations } from '../src/database/run-migrations';
import { connectForTools } from '../src/database/tool-connection';
import { runTool } from './run-tool';

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
runTool(async () => {
  const { dataSource, close } = await connectForTools(parseAppConfig(process.env));
  try {
    const applied = await runMigrations(dataSource);
    return applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.';
  } finally {
    await close();
  }
});
