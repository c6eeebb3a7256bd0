/** Runs a command-line tool: prints what it returns, or one line of error and exit code 1. */
export function runTool(main: () => Promise<string>): void {
  main().then(
    (output) => {
      if (output) process.stdout.write(`${output}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
