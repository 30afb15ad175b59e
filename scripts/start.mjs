// `npm start`: builds when the sources are newer than the last build, then serves the portal.
import { buildPortalIfStale } from './lib/build-state.mjs';
import { runServerEntry } from './lib/run-entry.mjs';

buildPortalIfStale(console.info);

runServerEntry('main.js');
