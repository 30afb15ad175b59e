// Reads the JSON reports of Vitest and Playwright for `npm test`'s summary: the counts, and each failed
// test with the start of its error, printed last, where the tail of a CI log shows them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MESSAGE_LINES = 12;

function firstLines(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of a terminal's output.
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line))
    .slice(0, MESSAGE_LINES)
    .join('\n    ');
}

/** Failed tests, and flaky ones (failed, then passed on the retry), with the errors of their failed tries. */
function playwrightFailures(suite, titles, tally) {
  const trail = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const messages = test.results
        .filter((r) => r.status === 'failed' || r.status === 'timedOut')
        .flatMap((r) => r.errors.map((e) => firstLines(e.message)))
        .join('\n    ');
      const line = `${[...trail, spec.title].join(' › ')}:${spec.line}\n    ${messages}`;
      (test.status === 'flaky' ? tally.flaky : tally.failures).push(line);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, trail, tally);
}

/** Whether an unhandled error is a test worker that ended in the middle of a file. */
const workerExited = (error) =>
  /Worker exited unexpectedly|emitUnexpectedExit/.test(`${error.cause ?? ''}\n${error.stack ?? ''}`);

/**
 * The test files a stage left unfinished because a test worker process ended under them, when that is
 * all that went wrong (no test failed, every unhandled error is such an exit); otherwise null.
 */
export function filesCutShort(reportFile, unhandledFile) {
  if (!existsSync(reportFile) || !existsSync(unhandledFile)) return null;
  const errors = JSON.parse(readFileSync(unhandledFile, 'utf8'));
  if (errors.length === 0 || !errors.every(workerExited)) return null;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  if (report.numFailedTests > 0 || report.testResults.some((r) => r.status === 'failed')) return null;
  const files = report.testResults
    .filter((r) => r.assertionResults.some((t) => t.status === 'pending'))
    .map((r) => r.name);
  return files.length > 0 ? files : null;
}

/** The totals of every report read, and the failures in the order they were read. */
export function createTally(root) {
  const tally = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] };
  return {
    tally,
    vitest(file) {
      if (!existsSync(file)) return;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      tally.passed += report.numPassedTests;
      tally.failed += report.numFailedTests;
      tally.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      for (const result of report.testResults) {
        const where = path.relative(root, result.name);
        const failedTests = result.assertionResults.filter((t) => t.status === 'failed');
        for (const test of failedTests) {
          tally.failures.push(`${where} › ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
        }
        // A file that failed before its tests ran (an import, a hook) has a message and no failed test.
        if (result.status === 'failed' && failedTests.length === 0) {
          tally.failures.push(`${where}\n    ${firstLines(result.message)}`);
        }
      }
    },
    /**
     * A stage's unhandled errors (unhandled-errors-reporter.mjs); a red stage whose reports name no
     * failure at all is said to be one, so that the summary never shows a failure with nothing under it.
     */
    unhandled(stageName, file, { stageOk, failuresBefore }) {
      const errors = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
      for (const error of errors) {
        const origin = error.origin ? ` (in ${path.relative(root, error.origin)})` : '';
        tally.failures.push(
          `${stageName}: an unhandled error${origin}\n    ${firstLines(error.stack || error.message)}`,
        );
      }
      if (!stageOk && tally.failures.length === failuresBefore) {
        tally.failures.push(`${stageName}: the stage failed, yet no test did; its own output above says why`);
      }
    },
    /**
     * The files a worker's exit cut short (filesCutShort) ran again, alone, into `again`: that run's
     * counts and failures replace the first run's for those files. Passing, the exit is listed as flaky,
     * with the tests it cut short; failing, the rerun's failures are listed.
     */
    rerun(stageName, firstReport, again, errorsFile, passed) {
      const first = JSON.parse(readFileSync(firstReport, 'utf8'));
      const rerunFiles = new Set(JSON.parse(readFileSync(again, 'utf8')).testResults.map((r) => r.name));
      const cutShort = [];
      for (const result of first.testResults) {
        if (!rerunFiles.has(result.name)) continue;
        for (const test of result.assertionResults) {
          if (test.status === 'passed') tally.passed -= 1;
          else if (test.status !== 'failed') tally.skipped -= 1;
          if (test.status === 'pending')
            cutShort.push(`${path.relative(root, result.name)} › ${test.fullName}`);
        }
      }
      this.vitest(again);
      const errors = JSON.parse(readFileSync(errorsFile, 'utf8'));
      const line =
        `${stageName}: a test worker process ended unexpectedly (${errors.length}×) under ${cutShort.join(', ')}; ` +
        `its files, run again alone, ${passed ? 'passed' : 'failed'}\n    ${firstLines(errors[0]?.stack)}`;
      (passed ? tally.flaky : tally.failures).push(line);
    },
    playwright(file) {
      if (!existsSync(file)) return;
      const { stats, suites, errors } = JSON.parse(readFileSync(file, 'utf8'));
      for (const suite of suites) playwrightFailures(suite, [], tally);
      for (const error of errors ?? []) tally.failures.push(`Playwright\n    ${firstLines(error.message)}`);
      tally.passed += stats.expected + stats.flaky;
      tally.failed += stats.unexpected;
      tally.skipped += stats.skipped;
    },
  };
}
