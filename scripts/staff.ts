import { parseAppConfig } from '../src/config/parse-app-config';
import { connectForTools } from '../src/database/tool-connection';
import { StaffDeactivation, StaffDeactivationModule } from '../src/modules/admin';
import { StaffEnrolment, StaffEnrolmentModule } from '../src/modules/agent';
import { USER_ENTITIES, UsersModule, UsersService } from '../src/modules/users';
import { runTool } from './run-tool';
import { toolContext } from './tool-context';

const USAGE = `Usage:
  npm run staff -- add-agent --email a@x.com --name "Dana Reyes" --producer-id MTR-1003 --phone "+1 602-555-0100" --license AZ-1234567 --states AZ,TX
  npm run staff -- add-admin --email b@x.com --name "Alex Morgan"
  npm run staff -- deactivate --email a@x.com`;

function options(args: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    if (!args[i].startsWith('--') || args[i + 1] === undefined) throw new Error(USAGE);
    found[args[i].slice(2)] = args[i + 1];
  }
  return found;
}

function required(found: Record<string, string>, names: string[]): void {
  const missing = names.filter((name) => !found[name]);
  if (missing.length) throw new Error(`Missing ${missing.map((m) => `--${m}`).join(', ')}.\n${USAGE}`);
}

/** `npm run staff`: operators add agents and admins, and deactivate them (every session, sign-in code and app device of theirs ends). */
runTool(async () => {
  const [command, ...rest] = process.argv.slice(2);
  if (!['add-agent', 'add-admin', 'deactivate'].includes(command ?? '')) throw new Error(USAGE);
  const found = options(rest);
  const { dataSource, close } = await connectForTools(parseAppConfig(process.env), USER_ENTITIES);
  const app = await toolContext(dataSource, [StaffDeactivationModule, StaffEnrolmentModule, UsersModule]).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  try {
    if (command === 'add-agent') {
      required(found, ['email', 'name', 'producer-id', 'phone', 'license', 'states']);
      const states = found.states.split(',').map((s) => s.trim().toUpperCase());
      if (states.some((s) => !/^[A-Z]{2}$/.test(s))) throw new Error('--states takes two-letter state codes, comma-separated (AZ,TX).');
      const agent = await app.get(StaffEnrolment).addAgent({
        email: found.email,
        name: found.name,
        producerId: found['producer-id'],
        phone: found.phone,
        licenseNumber: found.license,
        licensedStates: states,
      });
      return `Agent ${agent.name} <${agent.email}> is ${agent.producerId}, licensed in ${agent.licensedStates.join(', ')}.`;
    }
    if (command === 'add-admin') {
      required(found, ['email', 'name']);
      const admin = await app.get(UsersService).upsert({ email: found.email, name: found.name, role: 'admin' });
      return `Admin ${admin.name} <${admin.email}> added.`;
    }
    required(found, ['email']);
    const ended = await app.get(StaffDeactivation).deactivate(found.email, new Date());
    if (!ended) throw new Error(`No agent or admin has the e-mail ${found.email}.`);
    const devices = ended.devices ? `; ${ended.devices} app device${ended.devices === 1 ? '' : 's'} signed out` : '';
    return `${found.email} is deactivated; ${ended.sessions} session${ended.sessions === 1 ? '' : 's'} ended${devices}.`;
  } finally {
    await app.close();
    await close();
  }
});
