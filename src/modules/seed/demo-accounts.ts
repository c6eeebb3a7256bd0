/** DESIGN.md's demo accounts, seeded in local mode and listed in the README. */
export const DEMO_ADMINS = [{ email: 'admin@meterly.test', name: 'Alex Morgan' }];

export const DEMO_AGENTS = [
  {
    email: 'agent@meterly.test',
    name: 'Dana Reyes',
    producerId: 'MTR-1001',
    phone: '+1 602-555-0117',
    licenseNumber: 'AZ-1843377',
    licensedStates: ['AZ', 'TX', 'OR'],
  },
  {
    email: 'agent2@meterly.test',
    name: 'Luis Ortega',
    producerId: 'MTR-1002',
    phone: '+1 312-555-0164',
    licenseNumber: 'IL-2291904',
    licensedStates: ['IL', 'PA', 'TX'],
  },
];

export const DEMO_CUSTOMERS = [{ email: 'customer@meterly.test', name: 'Casey Customer' }];

export const DEMO_EMAILS = [...DEMO_ADMINS, ...DEMO_AGENTS, ...DEMO_CUSTOMERS].map((account) => account.email);
