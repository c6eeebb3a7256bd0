import { TestEnvironment } from 'jest-environment-node';
import { captureOutput } from './capture-output';
import type { Circus } from '@jest/types';

const LOG_LINE = /^\{"level":/;

/**
 * The e2e and browser suites' environment: the servers a test file starts in its worker log
 * their warnings (faults the tests cause on purpose), and a passing run should print little, so
 * a file's log lines are kept and printed only when one of its tests or hooks failed, beside the
 * failure they explain. A file that scans the logs itself (captureOutput) still sees them.
 */
export default class QuietServerLogsEnvironment extends TestEnvironment {
  private capture?: ReturnType<typeof captureOutput>;
  private failed = false;

  override async setup(): Promise<void> {
    await super.setup();
    this.capture = captureOutput();
  }

  handleTestEvent(event: Circus.Event): void {
    if ((event.name === 'test_done' && event.test.errors.length > 0) || event.name === 'hook_failure') this.failed = true;
  }

  override async teardown(): Promise<void> {
    const capture = this.capture;
    capture?.restore();
    if (capture && this.failed) {
      const lines = capture
        .text()
        .split('\n')
        .filter((line) => LOG_LINE.test(line));
      if (lines.length > 0) process.stderr.write(`\nServer log of the failed file (${lines.length} lines):\n${lines.join('\n')}\n`);
    }
    await super.teardown();
  }
}
