// Where S1 allocates: V8's sampling heap profiler with collected objects kept,
// over N runs of the S1 message (K=10), attributed to the allocating function.
//   node --expose-gc alloc-profile.mjs <framework> [runs] [top]
import { Session } from 'node:inspector/promises';
import { createApp } from './llm-frameworks.mjs';

const [framework = 'adk-ts', runsArg = '300', topArg = '30'] = process.argv.slice(2);
const K = 10;
const app = await createApp(framework, K);
for (let index = 0; index < 50; index++) await app.send(await app.newSession(), 'go');
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const runs = Number(runsArg);
for (let index = 0; index < runs; index++) await app.send(await app.newSession(), 'go');
const { profile } = await session.post('HeapProfiler.stopSampling');
const self = new Map();
let total = 0;
const walk = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}`;
  const size = node.selfSize;
  total += size;
  self.set(key, (self.get(key) ?? 0) + size);
  for (const child of node.children) walk(child);
};
walk(profile.head);
const turns = runs * (K + 1);
console.log(`sampled ${(total / turns / 1024).toFixed(1)} KB per LLM turn`);
for (const [key, size] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  console.log(`${(size / turns).toFixed(0).padStart(7)} B/turn  ${key}`);
}
