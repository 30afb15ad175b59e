// Preloaded (`node --require`) into a private server by durability.spec.ts: on SIGUSR2 it ends the
// server's worker threads (PGlite's is the only one) from outside, as a WebAssembly abort would: no
// `close`, no answer to the statements in flight. The server must notice, say so and exit.
const threads = require('node:worker_threads');
const { syncBuiltinESMExports } = require('node:module');

const running = new Set();

class RecordedWorker extends threads.Worker {
  constructor(...args) {
    super(...args);
    running.add(this);
    this.once('exit', () => running.delete(this));
  }
}

threads.Worker = RecordedWorker;
// The server's `import { Worker } from 'node:worker_threads'` sees the recorded class.
syncBuiltinESMExports();

process.on('SIGUSR2', () => {
  for (const worker of running) void worker.terminate();
});
