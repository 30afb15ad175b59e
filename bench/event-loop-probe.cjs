// Preloaded into the server that `npm run bench` measures (node --require): how long the event loop
// was blocked while a route was driven. On SIGUSR2 it writes the delay histogram since the last signal
// to BENCH_EVENT_LOOP_FILE and starts a new one. Never loaded by the portal itself.
const { writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const report = {
    maxMs: ms(histogram.max),
    p99Ms: ms(histogram.percentile(99)),
    meanMs: ms(histogram.mean),
  };
  histogram.reset();
  writeFileSync(process.env.BENCH_EVENT_LOOP_FILE, JSON.stringify(report));
});
