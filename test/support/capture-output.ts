import fs from 'node:fs';

/**
 * Everything this process writes to stdout and stderr while it runs: pino writes straight to
 * file descriptors 1 and 2 (through fs.write), console through the streams; both are captured.
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
  fs.write = ((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (write as (...args: unknown[]) => void)(fd, data, ...rest);
  }) as typeof fs.write;
  fs.writeSync = ((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync;
  process.stdout.write = ((data: unknown, ...rest: unknown[]) => {
    keep(1, data);
    return (stdout as (...args: unknown[]) => boolean).call(process.stdout, data, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((data: unknown, ...rest: unknown[]) => {
    keep(2, data);
    return (stderr as (...args: unknown[]) => boolean).call(process.stderr, data, ...rest);
  }) as typeof process.stderr.write;
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
