// Summarises a V8 .cpuprofile: top functions by self time, and by inclusive
// time for this package's functions.  node profile-top.mjs <file> [N] [filter]
import { readFileSync } from 'node:fs';

const [file, topArg = '30', filter = ''] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = profile.samples.length;
const keyOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^.*\/(dist|node_modules)\//, '$1/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
};
const self = new Map();
const inclusive = new Map();
for (const [id, count] of selfSamples) {
  const node = nodes.get(id);
  self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + count);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = keyOf(nodes.get(at));
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + count);
  }
}
const pct = (count) => ((100 * count) / total).toFixed(1).padStart(5);
const top = Number(topArg);
console.log(`samples ${total}\n-- self --`);
for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(pct(count), key);
console.log('-- inclusive (filtered) --');
for (const [key, count] of [...inclusive]
  .filter(([key]) => key.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(pct(count), key);
