// A Vitest reporter for `npm test`: writes the run's unhandled errors (a promise rejected after its test
// ended, a worker that would not stop) to the file UNHANDLED_ERRORS_FILE names. They fail the run
// without failing a test, so the JSON report has no trace of them and the summary would show a red
// stage with nothing under it.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      message: [error.name, error.message].filter(Boolean).join(': '),
      stack: error.stack ?? '',
      // 'Worker exited unexpectedly' is the cause of the pool's error, not its message.
      cause: error.cause?.message ?? '',
      origin: error.VITEST_TEST_PATH ?? error.VITEST_TEST_NAME ?? '',
    }));
    writeFileSync(file, JSON.stringify(errors));
  }
}
