// One LLM-turn measurement in a fresh process; prints one JSON line.
//   node --expose-gc llm-bench.mjs <framework> <s1|s1-steady|s2|s2-steady|s3>
// Frameworks: floor, floor+json, adk-ts, google-adk (see llm-frameworks.mjs).
//
// s1  per-LLM-turn overhead: one message, K=10 tool calls then a text (11 LLM
//     turns), each run in a fresh session. One cold run, warm-up runs, then
//     timed runs: wall µs/turn = median run / 11; CPU µs/turn = process CPU
//     over the timed runs / turns; heap bytes allocated per turn over more runs,
//     counted GC-aware with v8.GCProfiler (what each GC freed + the final delta).
//     Also the minor page faults per timed run, and the median of the runs that
//     took none (on a machine where a fault is expensive, see bench/README.md).
// s1-steady  the same after 1000 warm-up runs (S1_STEADY_WARMUP), once the JIT
//     has settled: 30 warm-up runs leave the first timed runs in tier-up. The
//     collection before the window sets off recompilation (decision 0027), so
//     100 more runs (S1_SETTLE) come between it and the window.
// s2  throughput: sessions × 1 message with K=2 (3 LLM turns) through a pool of
//     async workers; turns/s = turns / wall time; peak RSS sampled every 5 ms and
//     after every 10th session. Every session stays in the framework's store.
//     Also the minor page faults of the timed phase, and the heap + external
//     held per stored session (after gc(), minus the same before the timed phase).
// s2-steady  the same after 3000 warm-up sessions (S2_STEADY_WARMUP), with 300
//     settling sessions (S2_SETTLE) between the collection and the window; they
//     stay in the store and count in the held heap per session.
// s3  history growth: one session of 200 messages with K=1 (2 LLM turns each):
//     mean wall and CPU ms per message of the first 20 and the last 20 (each
//     window starts after a gc()), and the heap + external still held after
//     gc(), minus the same before the session.
//
// Knobs (env): S1_ITERS S1_WARMUP S1_STEADY_WARMUP S1_ALLOC_ITERS S2_SESSIONS S2_CONC S2_WARMUP
// S2_STEADY_WARMUP S1_SETTLE S2_SETTLE S3_MESSAGES S3_WARMUP NO_WINDOW_GC.
import { clearInterval, setInterval } from 'node:timers';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { createApp, eventsPerMessage, stats } from './llm-frameworks.mjs';

const [framework, scenario] = process.argv.slice(2);
const knob = (name, fallback) => Number(process.env[name] ?? fallback);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sortedAt = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const cpuMicros = (usage) => usage.user + usage.system;
/** Minor page faults of this process so far: first touches of memory the kernel must map. */
const pageFaults = () => process.resourceUsage().minorPageFault;
const gc = () => {
  if (!global.gc) throw new Error('run with --expose-gc');
  global.gc();
  global.gc();
};

/**
 * The collection between warm-up and the timed window (the method the targets were set with).
 * NO_WINDOW_GC=1 skips it: the double full collection also frees the hidden classes of objects
 * no invocation holds, and V8 then recompiles what was built on them inside the window.
 */
const windowGc = () => {
  if (!process.env.NO_WINDOW_GC) gc();
};

/**
 * How many runs (S1) or sessions (S2) a steady scenario makes between that collection and its
 * timed window, so the window measures the JIT settled again rather than the recompilation the
 * collection set off (decision 0027). The fresh scenarios settle nothing: their window is the
 * warm-up's continuation by design.
 */
const settleCount = (steady, name, steadyDefault) => (steady ? knob(name, steadyDefault) : 0);

/** Sends one message and checks the model and the tool ran exactly as scripted. */
async function checkedSend(app, sessionId, text, K) {
  const llm = stats.llm;
  const tool = stats.tool;
  const events = await app.send(sessionId, text);
  if (stats.llm - llm !== K + 1 || stats.tool - tool !== K || events !== eventsPerMessage(K)) {
    throw new Error(
      `${framework}: expected ${K + 1} model calls, ${K} tool calls and ${eventsPerMessage(K)} events; ` +
        `got ${stats.llm - llm}, ${stats.tool - tool} and ${events}`,
    );
  }
}

/** Bytes allocated on the V8 heap while `work` runs, counting what GCs freed meanwhile. */
async function allocatedBytes(work) {
  gc();
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
  return { bytes: endUsed - startUsed + freed, gcs: statistics.length };
}

async function s1({ warmup = knob('S1_WARMUP', 30), steady = false } = {}) {
  const K = 10;
  const turns = K + 1;
  const rssAfterImportStart = process.memoryUsage().rss;
  const app = await createApp(framework, K);
  const rssAfterImport = process.memoryUsage().rss;
  const run = async () => checkedSend(app, await app.newSession(), 'go', K);
  let start = performance.now();
  await run();
  const firstRunMs = performance.now() - start;
  for (let index = 0; index < warmup; index++) await run();
  windowGc();
  const settle = settleCount(steady, 'S1_SETTLE', 100);
  for (let index = 0; index < settle; index++) await run();
  const iterations = knob('S1_ITERS', 200);
  const times = [];
  const faultFreeTimes = [];
  const faultsStart = pageFaults();
  const cpuStart = process.cpuUsage();
  for (let index = 0; index < iterations; index++) {
    const sessionId = await app.newSession();
    const faults = pageFaults();
    start = performance.now();
    await checkedSend(app, sessionId, 'go', K);
    const time = performance.now() - start;
    times.push(time);
    if (pageFaults() === faults) faultFreeTimes.push(time);
  }
  const cpu = cpuMicros(process.cpuUsage(cpuStart));
  const faults = pageFaults() - faultsStart;
  const allocIterations = knob('S1_ALLOC_ITERS', 30);
  const { bytes, gcs } = await allocatedBytes(async () => {
    for (let index = 0; index < allocIterations; index++) await run();
  });
  gc();
  return {
    wallUsPerTurn: (median(times) * 1000) / turns,
    meanWallUsPerTurn: (mean(times) * 1000) / turns,
    p90WallUsPerTurn: (sortedAt(times, 0.9) * 1000) / turns,
    cpuUsPerTurn: cpu / (iterations * turns),
    pageFaultsPerRun: faults / iterations,
    faultFreeRuns: faultFreeTimes.length,
    faultFreeWallUsPerTurn:
      faultFreeTimes.length > 0 ? (median(faultFreeTimes) * 1000) / turns : undefined,
    allocBytesPerTurn: bytes / (allocIterations * turns),
    allocGcs: gcs,
    firstRunMs,
    rssAfterImportMb: rssAfterImport / 1e6,
    importRssMb: (rssAfterImport - rssAfterImportStart) / 1e6,
    rssGrowthMb: (process.memoryUsage().rss - rssAfterImport) / 1e6,
    lastRequestItems: app.probe.lastRequestItems,
  };
}

async function s2({ warmup = knob('S2_WARMUP', 100), steady = false } = {}) {
  const K = 2;
  const turnsPerSession = K + 1;
  const app = await createApp(framework, K);
  const pool = async (count, concurrency, onDone) => {
    let next = 0;
    const llm = stats.llm;
    const tool = stats.tool;
    const worker = async () => {
      while (next < count) {
        next++;
        const events = await app.send(await app.newSession(), 'go');
        if (events !== eventsPerMessage(K)) throw new Error(`${framework}: got ${events} events`);
        onDone?.();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    // Under concurrency only the totals can be checked.
    if (stats.llm - llm !== count * (K + 1) || stats.tool - tool !== count * K) {
      throw new Error(
        `${framework}: got ${stats.llm - llm} model and ${stats.tool - tool} tool calls`,
      );
    }
  };
  const concurrency = knob('S2_CONC', 50);
  await pool(warmup, concurrency);
  windowGc();
  const heldBefore = process.memoryUsage();
  const rssBefore = heldBefore.rss;
  let peakRss = rssBefore;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) peakRss = rss;
  };
  const timer = setInterval(sample, 5);
  const sessions = knob('S2_SESSIONS', 1000);
  // The fake model never waits, so the timer may not fire during the run: RSS is
  // also read after every 10th session (reading it costs about 8 µs, as much as
  // a quarter of a session on a fast framework; after every session it skewed
  // the ratios toward the slower framework).
  let done = 0;
  const sampleSometimes = () => {
    if (++done % 10 === 0) sample();
  };
  // The settling sessions stay in the store too: the held heap is divided by all of them.
  const settle = settleCount(steady, 'S2_SETTLE', 300);
  await pool(settle, concurrency, sampleSometimes);
  const faultsStart = pageFaults();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await pool(sessions, concurrency, sampleSometimes);
  const seconds = (performance.now() - start) / 1000;
  const cpu = cpuMicros(process.cpuUsage(cpuStart));
  const faults = pageFaults() - faultsStart;
  clearInterval(timer);
  sample();
  // What the store keeps per session: the timed phase's sessions all stay in it.
  gc();
  const heldAfter = process.memoryUsage();
  const heldBytes =
    heldAfter.heapUsed + heldAfter.external - heldBefore.heapUsed - heldBefore.external;
  const turns = sessions * turnsPerSession;
  return {
    heldKbPerSession: heldBytes / (sessions + settle) / 1024,
    turnsPerSecond: turns / seconds,
    sessionsPerSecond: sessions / seconds,
    cpuUsPerTurn: cpu / turns,
    pageFaults: faults,
    peakRssMb: peakRss / 1e6,
    rssBeforeMb: rssBefore / 1e6,
  };
}

async function s3() {
  const K = 1;
  const app = await createApp(framework, K);
  const warmup = await app.newSession();
  for (let index = 0; index < knob('S3_WARMUP', 20); index++) {
    await checkedSend(app, warmup, `warm up ${index}`, K);
  }
  gc();
  const heldBase = process.memoryUsage();
  const sessionId = await app.newSession();
  const messages = knob('S3_MESSAGES', 200);
  const window = Math.min(20, Math.floor(messages / 2));
  const wall = [];
  const cpu = [];
  for (let index = 0; index < messages; index++) {
    // Both windows start from a collected heap: otherwise the one scavenge of
    // the session, which copies everything it kept so far, lands in whichever
    // window the allocation rate puts it, and decides the growth by itself.
    if (index === messages - window) gc();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await checkedSend(app, sessionId, `message ${index}`, K);
    wall.push(performance.now() - start);
    cpu.push(cpuMicros(process.cpuUsage(cpuStart)) / 1000);
  }
  gc();
  const held = process.memoryUsage();
  const firstMs = mean(wall.slice(0, window));
  const lastMs = mean(wall.slice(-window));
  return {
    firstMs,
    lastMs,
    growth: lastMs / firstMs,
    firstCpuMs: mean(cpu.slice(0, window)),
    lastCpuMs: mean(cpu.slice(-window)),
    totalMs: wall.reduce((a, b) => a + b, 0),
    heldMb: (held.heapUsed + held.external - heldBase.heapUsed - heldBase.external) / 1e6,
    // Read after gc(), which keeps the app and its store alive through the measure.
    lastRequestItems: app.probe.lastRequestItems,
  };
}

// S1 once the JIT has settled: the same measure after 1000 warm-up runs.
const s1Steady = () => s1({ warmup: knob('S1_STEADY_WARMUP', 1000), steady: true });
const s2Steady = () => s2({ warmup: knob('S2_STEADY_WARMUP', 3000), steady: true });
const scenarios = { s1, 's1-steady': s1Steady, s2, 's2-steady': s2Steady, s3 };
if (!scenarios[scenario]) throw new Error(`unknown scenario ${scenario}`);
const result = await scenarios[scenario]();
console.log(JSON.stringify({ framework, scenario, node: process.version, ...result }));
