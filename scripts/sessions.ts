import { parseAppConfig } from '../src/config/parse-app-config';
import { connectForTools } from '../src/database/tool-connection';
import { SessionAdmin, SessionAdminModule } from '../src/modules/session';
import { runTool } from './run-tool';
import { toolContext } from './tool-context';

const USAGE = `Usage:
  npm run sessions -- list [--email someone@example.com]
  npm run sessions -- revoke <sid>
  npm run sessions -- revoke --email someone@example.com`;

/** `npm run sessions`: operators find and end sessions (the same as the SQL in the README). */
runTool(async () => {
  const [command, ...args] = process.argv.slice(2);
  const email = args[0] === '--email' ? args[1] : undefined;
  if (!['list', 'revoke'].includes(command ?? '') || (args[0] === '--email' && !email) || (command === 'revoke' && !args[0])) {
    throw new Error(USAGE);
  }
  const { dataSource, close } = await connectForTools(parseAppConfig(process.env));
  const app = await toolContext(dataSource, [SessionAdminModule]).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  try {
    const sessions = app.get(SessionAdmin);
    if (command === 'list') {
      const rows = await sessions.list({ email });
      if (rows.length === 0) return 'No sessions.';
      return rows.map((row) => `${row.sid}\t${row.userEmail ?? '(anonymous)'}\t${row.userId ?? '-'}\texpires ${new Date(row.expire).toISOString()}`).join('\n');
    }
    const ended = await sessions.revoke(email ? { email } : { sid: args[0] });
    return `Revoked ${ended} session${ended === 1 ? '' : 's'}.`;
  } finally {
    await app.close();
    await close();
  }
});
