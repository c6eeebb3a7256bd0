import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';
import { asCommandLineTool } from '../src/database/embedded-postgres-use';
import { type BillingReport, BillingService } from '../src/modules/billing';
import { formatCents } from '../src/shared/format/money';
import { runTool } from './run-tool';

const USAGE = `Usage:
  npm run billing -- run --month YYYY-MM [--dry-run]   close the billing periods ending in that month, then charge what is due`;

function describe(report: BillingReport, dryRun: boolean): string {
  const lines = report.made.map((s) => `${s.policyNumber} ${s.from}..${s.to}: ${formatCents(s.totalCents, 'en-US')} (${s.lines.length} lines)`);
  const head = dryRun
    ? `Dry run: ${report.made.length} statement${report.made.length === 1 ? '' : 's'} would be made; nothing was written or charged.`
    : `${report.made.length} statement${report.made.length === 1 ? '' : 's'} made; ${report.charged} charged, ${report.failed} declined, ${report.refunded} credit${report.refunded === 1 ? '' : 's'} refunded.`;
  return [head, ...lines].join('\n');
}

/** `npm run billing`: operators close a month's statements by hand (the daily job does the same). */
runTool(async () => {
  const [command, ...rest] = process.argv.slice(2);
  const monthAt = rest.indexOf('--month');
  const month = monthAt >= 0 ? rest[monthAt + 1] : undefined;
  const dryRun = rest.includes('--dry-run');
  const known = rest.every((arg, i) => arg === '--month' || arg === '--dry-run' || (i === monthAt + 1 && monthAt >= 0));
  if (command !== 'run' || !month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || !known) throw new Error(USAGE);
  // The statements' mails are queued for the servers to send; this process leaves at once.
  process.env.JOB_WORKERS = 'off';
  // Beside a running `npm start` on the embedded database, its PostgreSQL is used as it is.
  const app = await NestFactory.createApplicationContext(asCommandLineTool(AppModule), { logger: ['error', 'warn'] });
  try {
    return describe(await app.get(BillingService).run({ month, dryRun }), dryRun);
  } finally {
    await app.close();
  }
});
