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
