// The workflow scenario (issue 17): one measurement in a fresh process; prints one JSON line.
//   node --expose-gc workflow-bench.mjs <floor|adk-ts|google-adk>
//
// The graph of workflow-frameworks.mjs (ten function nodes, a fan-out of five and a join, no
// model) run WF_RUNS times (1000) in ONE session through the framework's in-memory runner, after
// WF_WARMUP runs (500), each in a fresh session. Every run's output is checked.
//
// - per-run CPU: process CPU (all threads: GC and JIT included) over the WF_RUNS runs / runs;
//   per-run wall: the median run.
// - growth: the session's runs in windows of WF_WINDOW (100); CPU and wall per run of the last
//   window (runs 901–1000) over the first (runs 1–100). No gc() before a window: a full
//   collection makes V8 compile the hot path again inside the window (decision 0027), and the
//   collections a longer session needs are part of what growth measures. Also the same ratio of
//   the median run's CPU (process.cpuUsage around each run), which a preempted run or one
//   collection does not move.
// - alloc: V8 heap bytes allocated per run in the first and the last window (v8.GCProfiler:
//   what each GC freed plus the final delta).
// - held: heap + external still held per run after the session (gc(), minus the same before the
//   WF_SETTLE (100) runs in fresh sessions that come between the collection and the session).
//
// Knobs (env): WF_RUNS, WF_WARMUP, WF_SETTLE, WF_WINDOW, WF_SAME_TICK; ADK_TS_DIST (another build of this
// package).
import { setImmediate } from 'node:timers';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { EXPECTED_OUTPUT, createWorkflowApp } from './workflow-frameworks.mjs';

const [framework] = process.argv.slice(2);
const knob = (name, fallback) => Number(process.env[name] ?? fallback);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sum = (values) => values.reduce((a, b) => a + b, 0);
const cpuMicros = (usage) => usage.user + usage.system;
const gc = () => {
  if (!global.gc) throw new Error('run with --expose-gc');
  global.gc();
  global.gc();
};

const app = await createWorkflowApp(framework);
let eventsPerRun;

/**
 * One run, checked: the same number of events every time and e's output. It starts from the
 * event loop, as a server's request does (WF_SAME_TICK=1: back to back in one chain of
 * microtasks, where V8 keeps every WeakRef target made since the chain began).
 */
async function checkedRun(sessionId) {
  if (!process.env.WF_SAME_TICK) await new Promise((resolve) => setImmediate(resolve));
  const { events, output } = await app.run(sessionId);
  eventsPerRun ??= events;
  if (output !== EXPECTED_OUTPUT || events !== eventsPerRun) {
    throw new Error(
      `${framework}: expected output ${EXPECTED_OUTPUT} in ${eventsPerRun} events; got ${String(output)} in ${events}`,
    );
  }
}

/** Runs one window of the session, counting the heap bytes it allocated (GCs included). */
async function allocatingWindow(work) {
  const profiler = new GCProfiler();
  const startUsed = getHeapStatistics().used_heap_size;
  profiler.start();
  await work();
  const endUsed = getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let freed = 0;
  for (const entry of statistics) {
    freed += entry.beforeGC.heapStatistics.usedHeapSize - entry.afterGC.heapStatistics.usedHeapSize;
  }
  return endUsed - startUsed + freed;
}

// The warm-up runs each in a fresh session, so the JIT settles on the run's code without the
// warm-up growing a session (which would cost @google/adk minutes).
for (let index = 0; index < knob('WF_WARMUP', 500); index++)
  await checkedRun(await app.newSession());

const runs = knob('WF_RUNS', 1000);
const window = knob('WF_WINDOW', 100);
const windows = Math.floor(runs / window);
gc();
const heldBase = process.memoryUsage();
// The full collection makes V8 compile the hot path again (decision 0027): settle before the
// session, so its first window measures the settled JIT, not the recompilation.
for (let index = 0; index < knob('WF_SETTLE', 100); index++) {
  await checkedRun(await app.newSession());
}
const sessionId = await app.newSession();
const wall = [];
const runCpu = [];
const cpu = [];
const alloc = [];
let cpuTotal = 0;
for (let windowIndex = 0; windowIndex < windows; windowIndex++) {
  const measured = windowIndex === 0 || windowIndex === windows - 1;
  const cpuStart = process.cpuUsage();
  const work = async () => {
    for (let index = 0; index < window; index++) {
      const start = performance.now();
      const runCpuStart = process.cpuUsage();
      await checkedRun(sessionId);
      runCpu.push(cpuMicros(process.cpuUsage(runCpuStart)));
      wall.push(performance.now() - start);
    }
  };
  const bytes = measured ? await allocatingWindow(work) : await work();
  const micros = cpuMicros(process.cpuUsage(cpuStart));
  cpuTotal += micros;
  cpu.push(micros / window);
  if (measured) alloc.push(bytes / window);
}
gc();
const held = process.memoryUsage();
const firstWall = wall.slice(0, window);
const lastWall = wall.slice(-window);
console.log(
  JSON.stringify({
    framework,
    scenario: 'workflow-graph',
    node: process.version,
    runs: windows * window,
    eventsPerRun,
    cpuUsPerRun: cpuTotal / (windows * window),
    wallUsPerRun: median(wall) * 1000,
    firstCpuUsPerRun: cpu[0],
    lastCpuUsPerRun: cpu[cpu.length - 1],
    cpuGrowth: cpu[cpu.length - 1] / cpu[0],
    // The median run's CPU of each window: what a preempted run or one collection cannot move.
    firstMedianCpuUs: median(runCpu.slice(0, window)),
    lastMedianCpuUs: median(runCpu.slice(-window)),
    medianCpuGrowth: median(runCpu.slice(-window)) / median(runCpu.slice(0, window)),
    firstWallUsPerRun: (sum(firstWall) / window) * 1000,
    lastWallUsPerRun: (sum(lastWall) / window) * 1000,
    wallGrowth: sum(lastWall) / sum(firstWall),
    cpuUsPerRunByWindow: cpu,
    firstAllocKbPerRun: alloc[0] / 1024,
    lastAllocKbPerRun: alloc[alloc.length - 1] / 1024,
    heldKbPerRun:
      (held.heapUsed + held.external - heldBase.heapUsed - heldBase.external) /
      (windows * window) /
      1024,
  }),
);
