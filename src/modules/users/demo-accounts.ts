import type { Role } from './user.entity';

/** DESIGN.md's demo accounts, seeded in local mode and listed in the README. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role; producerId?: string }> = [
  { email: 'admin@meterly.test', name: 'Alex Morgan', role: 'admin' },
  { email: 'agent@meterly.test', name: 'Dana Reyes', role: 'agent', producerId: 'MTR-1001' },
  { email: 'agent2@meterly.test', name: 'Luis Ortega', role: 'agent', producerId: 'MTR-1002' },
  { email: 'customer@meterly.test', name: 'Casey Customer', role: 'customer' },
];
