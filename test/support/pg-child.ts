// Runs an embedded PostgreSQL in its own process (started with tsx), so a test can stop it for
// real and start it again. Prints "ready <url>" when it accepts connections; SIGTERM stops it.
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

const [dataDir, port] = process.argv.slice(2);

startEmbeddedPostgres({ dataDir, port: Number(port) }).then(
  (handle) => {
    process.stdout.write(`ready ${handle.url}\n`);
    const stop = () => void handle.stop().finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (error: unknown) => {
    process.stderr.write(String(error));
    process.exit(1);
  },
);
