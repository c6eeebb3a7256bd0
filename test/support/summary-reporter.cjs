// Ends the run with plain lines CI can read: "N passed, N failed", and the slowest suites (each
// suite's seconds also go to test-results/suite-seconds.tsv), so the next cut of CI's time
// starts from where the time went.
const fs = require('node:fs');
const path = require('node:path');

const SHOWN = 8;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((suite) => ({ file: path.relative(this.rootDir, suite.testFilePath), seconds: (suite.perfStats.end - suite.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
    const dir = path.join(this.rootDir, 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'suite-seconds.tsv'), suites.map((s) => `${s.seconds.toFixed(1)}\t${s.file}`).join('\n') + '\n');
    const slowest = suites.slice(0, SHOWN).map((s) => `${s.file.replace(/^test\//, '')} ${Math.round(s.seconds)} s`);
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\nSlowest suites: ${slowest.join(', ')}\nTests: ${results.numPassedTests} passed, ${failed} failed\n`);
  }
}
module.exports = SummaryReporter;
