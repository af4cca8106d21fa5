// Preloaded into the server by bench/start.mjs (NODE_OPTIONS=--import): when the process ends it
// writes the start-up marks the server set (performance.mark 'clubtix:*', apps/api/src/server.ts)
// to BENCH_START_MARKS, with the process's own time origin, so the bench can split a start in parts.
import { writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

// The CPU used up to the moment the server listens (the mark 'clubtix:listening'), not its stop.
let startCpu;
new PerformanceObserver((list) => {
  if (list.getEntries().some((entry) => entry.name === 'clubtix:listening')) startCpu = process.cpuUsage();
}).observe({ type: 'mark' });

process.on('exit', () => {
  const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('clubtix:'));
  if (marks.length === 0 || !process.env.BENCH_START_MARKS) return; // npm's own process: nothing to say
  const at = Object.fromEntries(marks.map((mark) => [mark.name.slice('clubtix:'.length), mark.startTime]));
  // CPU the server process used up to healthy, less dependent on other load than the wall clock.
  const cpu = startCpu ?? process.cpuUsage();
  writeFileSync(
    process.env.BENCH_START_MARKS,
    JSON.stringify({
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      timeOrigin: performance.timeOrigin,
      bootstrapComplete: performance.nodeTiming.bootstrapComplete,
      at,
    }),
  );
});
