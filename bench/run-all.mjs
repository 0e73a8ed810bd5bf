// Runs every scenario for every framework, each measurement in a fresh
// process, ROUNDS times with the framework order rotating; prints medians and
// ratios against the floor and against @google/adk as a Markdown table.
import { execFileSync } from 'node:child_process';

const rounds = Number(process.env.ROUNDS ?? 3);
const frameworks = ['floor', 'adk-ts', 'google-adk'];
const scenarios = ['events', 'workflow', 'history'];
const results = {};

for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) {
    const order = frameworks.map((_, index) => frameworks[(index + round) % frameworks.length]);
    for (const framework of order) {
      const line = execFileSync(
        process.execPath,
        ['--expose-gc', 'bench.mjs', framework, scenario],
        { encoding: 'utf8' },
      );
      ((results[scenario] ??= {})[framework] ??= []).push(JSON.parse(line));
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pick = (scenario, framework, field) =>
  median(results[scenario][framework].map((row) => row[field]));
const fixed = (value, digits = 1) => value.toFixed(digits);

console.log(`Node ${process.version}, ${rounds} rounds, medians.\n`);
for (const scenario of ['events', 'workflow']) {
  console.log(`### ${scenario}\n`);
  console.log(
    '| framework | wall µs / event | CPU µs / event | RSS MB | wall vs floor | wall vs @google/adk | CPU vs @google/adk |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const framework of frameworks) {
    const wall = pick(scenario, framework, 'wallUsPerEvent');
    const cpu = pick(scenario, framework, 'cpuUsPerEvent');
    const rss = pick(scenario, framework, 'rssMb');
    const googleWall = pick(scenario, 'google-adk', 'wallUsPerEvent');
    const googleCpu = pick(scenario, 'google-adk', 'cpuUsPerEvent');
    const floorWall = pick(scenario, 'floor', 'wallUsPerEvent');
    console.log(
      `| ${framework} | ${fixed(wall)} | ${fixed(cpu)} | ${fixed(rss, 0)} | ${fixed(wall / floorWall)}× | ${fixed(wall / googleWall, 2)}× | ${fixed(cpu / googleCpu, 2)}× |`,
    );
  }
  console.log('');
}
console.log('### history (one session, 200 invocations of 2 events each)\n');
console.log(
  '| framework | ms / invocation, first 20 | ms / invocation, last 20 | growth (last / first) | last 20 vs @google/adk |',
);
console.log('|---|---|---|---|---|');
for (const framework of frameworks) {
  const first = pick('history', framework, 'firstMs');
  const last = pick('history', framework, 'lastMs');
  console.log(
    `| ${framework} | ${fixed(first, 3)} | ${fixed(last, 3)} | ${fixed(last / first, 2)}× | ${fixed(last / pick('history', 'google-adk', 'lastMs'), 2)}× |`,
  );
}
