// `npm run worker`: runs the durable jobs (mail, exports, renewals, attachment clean-up) in a process
// of its own, without serving HTTP, against DATABASE_URL — beside API processes started with
// JOB_WORKERS=false (docs/deployment.md). Compiles the server first when its sources changed.
import { buildServerIfStale } from './lib/build-state.mjs';
import { runServerEntry } from './lib/run-entry.mjs';

buildServerIfStale();
runServerEntry('worker.js');
