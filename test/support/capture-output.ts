import fs from 'node:fs';

/**
 * Everything this process writes to stdout and stderr while it runs: pino writes straight to
 * file descriptors 1 and 2 (through fs.write), console through the streams; both are captured.
 * The log lines are swallowed; the streams (jest's own output among them) still print.
 */
export function captureOutput(): { text(): string; restore(): void } {
  const chunks: string[] = [];
  const keep = (fd: unknown, data: unknown) => {
    if (fd === 1 || fd === 2) chunks.push(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  };
  const write = fs.write;
  const writeSync = fs.writeSync;
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  // The server's log lines (pino writes with fs.write/writeSync) are kept, not printed: a
  // passing run stays quiet even at debug level. Written as done, so pino goes on.
  const written = (data: unknown) => (Buffer.isBuffer(data) ? data.length : Buffer.byteLength(String(data)));
  fs.write = ((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1 && fd !== 2) return (write as (...args: unknown[]) => void)(fd, data, ...rest);
    keep(fd, data);
    const done = rest.find((arg) => typeof arg === 'function') as ((error: null, bytes: number) => void) | undefined;
    if (done) process.nextTick(() => done(null, written(data)));
  }) as typeof fs.write;
  fs.writeSync = ((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1 && fd !== 2) return (writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
    keep(fd, data);
    return written(data);
  });
  // Under jest pino may reach the streams too: its JSON lines are kept, anything else printed.
  const isLogLine = (data: unknown) => String(data).startsWith('{"level":');
  process.stdout.write = ((data: unknown, ...rest: unknown[]) => {
    keep(1, data);
    return isLogLine(data) || (stdout as (...args: unknown[]) => boolean).call(process.stdout, data, ...rest);
  });
  process.stderr.write = ((data: unknown, ...rest: unknown[]) => {
    keep(2, data);
    return isLogLine(data) || (stderr as (...args: unknown[]) => boolean).call(process.stderr, data, ...rest);
  });
  return {
    text: () => chunks.join(''),
    restore: () => {
      fs.write = write;
      fs.writeSync = writeSync;
      process.stdout.write = stdout;
      process.stderr.write = stderr;
    },
  };
}
