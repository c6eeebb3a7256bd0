import fs from 'node:fs';
import type { EmbeddedPostgresHandle } from '../../src/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>).__meterlyTestPg as { handle: EmbeddedPostgresHandle; dataDir: string } | undefined;
  if (!started) return;
  await started.handle.stop();
  fs.rmSync(started.dataDir, { recursive: true, force: true });
}
