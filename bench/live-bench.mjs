// The live latency scenario (issue 18 §4): one measurement in a fresh process; prints one JSON line.
//   node --expose-gc live-bench.mjs <floor|adk-ts|google-adk|floor-ws|adk-ts-ws>
//
// One live session (live-frameworks.mjs) in which the model sends LIVE_WARMUP (2000) partial text
// chunks and then LIVE_CHUNKS (10,000) more, one at a time; the latency of a chunk is the time from
// its arrival at the connection to the moment the caller sees its event. p50 / p99 / p99.9 / max
// over the LIVE_CHUNKS chunks after the warm-up (the JIT settled); no gc() inside the window, so
// collections land in the tail as they would in a server.
//
// Knobs (env): LIVE_CHUNKS, LIVE_WARMUP; ADK_TS_DIST (another build of this package).
import { performance } from 'node:perf_hooks';
import { createLiveApp, createPlan } from './live-frameworks.mjs';

const [framework] = process.argv.slice(2);
const knob = (name, fallback) => Number(process.env[name] ?? fallback);
const chunks = knob('LIVE_CHUNKS', 10_000);
const warmup = knob('LIVE_WARMUP', 2_000);

const plan = createPlan(warmup + chunks);
const app = await createLiveApp(framework, plan);
if (global.gc) global.gc();
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
await app.run();
const wallMs = performance.now() - wallBefore;
const cpu = process.cpuUsage(cpuBefore);
await app.close?.();

const window = [...plan.latencies.subarray(warmup)].sort((a, b) => a - b);
if (window.length !== chunks || window[0] <= 0) {
  throw new Error(`${framework}: ${window.length} chunks measured, some never reached the caller`);
}
const quantile = (q) => window[Math.min(window.length - 1, Math.floor(q * window.length))];
const micros = (ms) => Math.round(ms * 1000 * 10) / 10;
console.log(
  JSON.stringify({
    scenario: 'live-chunks',
    framework,
    chunks,
    warmup,
    p50Us: micros(quantile(0.5)),
    p99Us: micros(quantile(0.99)),
    p999Us: micros(quantile(0.999)),
    maxUs: micros(window[window.length - 1]),
    meanUs: micros(window.reduce((a, b) => a + b, 0) / window.length),
    // Process CPU over the whole session (warm-up included), per chunk: all threads, GC and JIT.
    cpuUsPerChunk: micros((cpu.user + cpu.system) / 1000 / (warmup + chunks)),
    wallMs: Math.round(wallMs),
  }),
);
