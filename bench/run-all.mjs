// Runs every benchmark, each measurement in a fresh process, ROUNDS times with
// the framework order rotating every round; prints medians and ratios against
// the floor and against @google/adk as Markdown and writes them to RESULTS.md.
//
//   npm run bench                      # everything, 3 rounds (~1 min on 2 cores)
//   ROUNDS=5 npm run bench
//   SUITES=llm SCEN=s1,s3 FWS=adk-ts,google-adk ROUNDS=1 OUT=- npm run bench
//
// Suites: `llm` (llm-bench.mjs: s1 s2 s3), `runner` (bench.mjs: the issue-2
// runner-overhead scenarios events, workflow, history), `cold` (cold.mjs),
// `workflow` (workflow-bench.mjs: issue 17's workflow graph, 1000 runs in one session),
// `live` (live-bench.mjs: issue 18's per-chunk latency of a live session, in process and over /run_live).
// OUT=- prints only; otherwise the tables go to OUT (default RESULTS.md) and
// the raw JSON lines to results/<timestamp>.jsonl (git-ignored).
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { URL, fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const list = (name, fallback) => (process.env[name] ? process.env[name].split(',') : fallback);
const out = process.env.OUT ?? 'RESULTS.md';
// FROM=<raw .jsonl> re-renders the tables of an earlier run without running anything.
const from = process.env.FROM;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const rawFile = out === '-' || from ? undefined : `${here}results/${stamp}.jsonl`;
if (rawFile) mkdirSync(`${here}results`, { recursive: true });

/** Median over 3 fresh processes of what one minor page fault costs (page-fault-cost.mjs). */
function pageFaultMicros() {
  const costs = [0, 1, 2].map(
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['page-fault-cost.mjs'], { cwd: here, encoding: 'utf8' }),
      ).microsPerFault,
  );
  return costs.sort((x, y) => x - y)[1];
}

function gitCommit() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--', '../src');
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/' : ''}`;
  } catch {
    return 'unknown';
  }
}

const rows = [];
const record = (row) => {
  rows.push(row);
  if (rawFile) appendFileSync(rawFile, `${JSON.stringify(row)}\n`);
};
if (from) {
  for (const line of readFileSync(from, 'utf8').trim().split('\n')) rows.push(JSON.parse(line));
} else {
  const cpus = os.cpus();
  record({
    suite: 'meta',
    rounds: Number(process.env.ROUNDS ?? 3),
    coldRounds: Number(process.env.COLD_ROUNDS ?? 10),
    suites: list('SUITES', ['llm', 'runner', 'cold', 'workflow', 'live']),
    frameworks: list('FWS', ['floor', 'floor+json', 'adk-ts', 'google-adk']),
    scenarios: list('SCEN', ['s1', 's1-steady', 's2', 's2-steady', 's3']),
    started: Date.now(),
    loadBefore: os.loadavg(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} (${os.arch()})`,
    cpus: `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    memGiB: os.totalmem() / 2 ** 30,
    commit: gitCommit(),
    pageFaultMicros: pageFaultMicros(),
  });
}
const meta = rows.find((row) => row.suite === 'meta');
const { rounds, coldRounds, suites, started } = meta;

const SUITES = {
  llm: {
    script: 'llm-bench.mjs',
    frameworks: meta.frameworks,
    scenarios: meta.scenarios,
    args: (framework, scenario) => [framework, scenario],
  },
  runner: {
    script: 'bench.mjs',
    frameworks: ['floor', 'adk-ts', 'google-adk'],
    scenarios: ['events', 'workflow', 'history'],
    args: (framework, scenario) => [framework, scenario],
  },
  workflow: {
    script: 'workflow-bench.mjs',
    // WF_FWS: @google/adk takes minutes per measurement here (its runs grow with the session).
    frameworks: list('WF_FWS', ['floor', 'adk-ts', 'google-adk']),
    scenarios: ['workflow-graph'],
    args: (framework) => [framework],
  },
  live: {
    script: 'live-bench.mjs',
    frameworks: list('LIVE_FWS', ['floor', 'adk-ts', 'google-adk', 'floor-ws', 'adk-ts-ws']),
    scenarios: ['live-chunks'],
    args: (framework) => [framework],
  },
};

if (!from) {
  for (let round = 0; round < rounds; round++) {
    for (const suiteName of suites.filter((name) => SUITES[name])) {
      const suite = SUITES[suiteName];
      for (const scenario of suite.scenarios) {
        const { frameworks } = suite;
        const order = frameworks.map((_, index) => frameworks[(index + round) % frameworks.length]);
        for (const framework of order) {
          const line = execFileSync(
            process.execPath,
            ['--expose-gc', suite.script, ...suite.args(framework, scenario)],
            { cwd: here, encoding: 'utf8' },
          );
          record({ suite: suiteName, round, ...JSON.parse(line) });
          process.stderr.write(
            `round ${round + 1}/${rounds} ${suiteName} ${scenario} ${framework}\n`,
          );
        }
      }
    }
  }
  if (suites.includes('cold')) {
    const lines = execFileSync(process.execPath, ['cold.mjs', String(coldRounds)], {
      cwd: here,
      encoding: 'utf8',
    });
    for (const line of lines.trim().split('\n')) record({ suite: 'cold', ...JSON.parse(line) });
  }
  record({ suite: 'meta-end', ended: Date.now(), loadAfter: os.loadavg() });
}
const end = rows.find((row) => row.suite === 'meta-end') ?? {
  ended: Date.now(),
  loadAfter: os.loadavg(),
};

// ---------- tables ----------
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const values = (suite, scenario, framework, field) =>
  rows
    .filter(
      (row) => row.suite === suite && row.scenario === scenario && row.framework === framework,
    )
    .map((row) => row[field]);
const has = (suite, scenario, framework) =>
  values(suite, scenario, framework, 'framework').length > 0;
const med = (suite, scenario, framework, field) =>
  median(values(suite, scenario, framework, field));
const fmt = (value) => {
  if (value === undefined || Number.isNaN(value)) return '–';
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toString();
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toFixed(3);
};
const range = (suite, scenario, framework, field) => {
  const list = sorted(values(suite, scenario, framework, field));
  const text = fmt(median(list));
  return list.length > 1 ? `${text} (${fmt(list[0])}–${fmt(list[list.length - 1])})` : text;
};
const ratio = (value) => `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}×`;
const lines = [];
const emit = (text = '') => lines.push(text);
const table = (header, body) => {
  emit(`| ${header.join(' | ')} |`);
  emit(`|${header.map(() => '---').join('|')}|`);
  for (const row of body) emit(`| ${row.join(' | ')} |`);
  emit();
};
const packageVersion = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url))).version;
emit('# Benchmarks');
emit();
emit(
  `Generated by \`npm run bench\` (bench/run-all.mjs) on ${new Date(started).toISOString().slice(0, 10)}: ` +
    `${rounds} round${rounds === 1 ? '' : 's'}, every measurement in a fresh process, the framework order rotating every round. ` +
    'Cells are the median over the rounds, with (min–max) where it matters. Ratios are cost ratios ' +
    '(>1 = slower) unless the column says otherwise.',
);
emit();
emit(`- Node ${meta.node} on ${meta.platform}`);
emit(
  `- Machine: ${meta.cpus}, ${meta.memGiB.toFixed(0)} GiB; ` +
    `load average ${meta.loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ` +
    `${end.loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ${((end.ended - started) / 60000).toFixed(1)} min in all.`,
);
if (meta.pageFaultMicros !== undefined) {
  emit(
    `- Page faults: ${fmt(meta.pageFaultMicros)} µs per first touch of a 4 KB page (bench/page-fault-cost.mjs, ` +
      'median of 3; well under 1 µs on bare metal). See "Page faults" in bench/README.md.',
  );
}
emit(
  `- Versions: this package ${packageVersion('../package.json')} (commit ${meta.commit}, built dist/), ` +
    `@google/adk ${packageVersion('./node_modules/@google/adk/package.json')}, zod ${packageVersion('./node_modules/zod/package.json')}.`,
);
emit(
  '- Method: /work/shared/reference/perf-anchors.md. The fake model is instant and decides from the request ' +
    'it gets (tool results since the last user message); the bench checks the number of model calls, tool ' +
    'calls and events of every message and aborts on a mismatch.',
);
emit();

const llmFrameworks = SUITES.llm.frameworks;
const googleName = 'google-adk';
// Issue 16's budget, filled by the llm and cold suites and printed at the end.
const targets = [];
if (suites.includes('llm')) {
  // The median of the timed runs that took no page fault, and how many did not (median over rounds).
  const faultFree = (scenario, framework) => {
    const runs = med('llm', scenario, framework, 'faultFreeRuns');
    if (runs === undefined) return '–';
    return `${fmt(med('llm', scenario, framework, 'faultFreeWallUsPerTurn'))} (${runs})`;
  };
  const s1Table = (scenario) => {
    const body = [];
    for (const framework of llmFrameworks.filter((fw) => has('llm', scenario, fw))) {
      const wall = med('llm', scenario, framework, 'wallUsPerTurn');
      const cpu = med('llm', scenario, framework, 'cpuUsPerTurn');
      const alloc = med('llm', scenario, framework, 'allocBytesPerTurn');
      const g = (field) => med('llm', scenario, googleName, field);
      body.push([
        framework,
        range('llm', scenario, framework, 'wallUsPerTurn'),
        fmt(med('llm', scenario, framework, 'meanWallUsPerTurn')),
        range('llm', scenario, framework, 'cpuUsPerTurn'),
        fmt(alloc / 1024),
        fmt(med('llm', scenario, framework, 'pageFaultsPerRun')),
        faultFree(scenario, framework),
        ...(scenario === 's1'
          ? [
              fmt(med('llm', scenario, framework, 'firstRunMs')),
              fmt(med('llm', scenario, framework, 'rssAfterImportMb')),
            ]
          : []),
        ratio(wall / med('llm', scenario, 'floor', 'wallUsPerTurn')),
        ratio(wall / g('wallUsPerTurn')),
        ratio(cpu / g('cpuUsPerTurn')),
        ratio(alloc / g('allocBytesPerTurn')),
      ]);
      // Issue 16's budget: CPU per turn once the JIT has settled (a fresh S1 is mostly
      // TurboFan compiling and GC, which the flow cannot remove by design).
      if (framework === 'adk-ts' && scenario === 's1-steady') {
        targets.push([
          'S1 steady state CPU per LLM turn vs @google/adk',
          '≤ 0.2×',
          ratio(cpu / g('cpuUsPerTurn')),
          cpu / g('cpuUsPerTurn') <= 0.2 ? 'met' : 'not met',
        ]);
      }
    }
    table(
      [
        'framework',
        'wall µs / LLM turn (median run)',
        'mean-run µs / turn',
        'CPU µs / turn',
        'alloc KB / turn',
        'page faults / run',
        'fault-free runs: median µs / turn (runs)',
        ...(scenario === 's1' ? ['1st run ms', 'RSS after import MB'] : []),
        'wall vs floor',
        'wall vs @google/adk',
        'CPU vs @google/adk',
        'alloc vs @google/adk',
      ],
      body,
    );
  };
  if (SUITES.llm.scenarios.includes('s1')) {
    emit('## S1: per-LLM-turn overhead');
    emit();
    emit(
      'One message, K=10 `add` calls then a text (11 LLM turns), through an LLM agent with a zod-typed ' +
        '`FunctionTool` and the in-memory runner; each run in a fresh session. 1 cold run, 30 warm-up ' +
        'runs, 200 timed runs. Wall = median run / 11 (the mean run is shown too: the first few hundred ' +
        'runs are still in JIT tier-up); CPU = process CPU (all threads: GC and JIT included) over the ' +
        '200 runs / turns; alloc = V8 heap bytes allocated per turn over 30 more runs, GC-aware ' +
        '(v8.GCProfiler: what each GC freed plus the final delta); page faults = minor page faults per ' +
        'timed run; fault-free runs = the median of the timed runs that took none, with their number.',
    );
    emit();
    s1Table('s1');
  }
  if (SUITES.llm.scenarios.includes('s1-steady')) {
    emit('### S1 steady state (1000 warm-up runs)');
    emit();
    emit('The same measure once the JIT has settled.');
    emit();
    s1Table('s1-steady');
  }
  const s2Table = (scenario) => {
    const body = [];
    const googleTps = med('llm', scenario, googleName, 'turnsPerSecond');
    for (const framework of llmFrameworks.filter((fw) => has('llm', scenario, fw))) {
      const tps = med('llm', scenario, framework, 'turnsPerSecond');
      body.push([
        framework,
        range('llm', scenario, framework, 'turnsPerSecond'),
        fmt(med('llm', scenario, framework, 'sessionsPerSecond')),
        fmt(med('llm', scenario, framework, 'cpuUsPerTurn')),
        fmt(med('llm', scenario, framework, 'pageFaults')),
        fmt(med('llm', scenario, framework, 'heldKbPerSession')),
        range('llm', scenario, framework, 'peakRssMb'),
        fmt(med('llm', scenario, framework, 'rssBeforeMb')),
        ratio(tps / med('llm', scenario, 'floor', 'turnsPerSecond')),
        ratio(tps / googleTps),
      ]);
      if (framework === 'adk-ts') {
        const goal = scenario === 's2' ? 2 : 6;
        targets.push([
          `${scenario === 's2' ? 'S2' : 'S2 steady state'} throughput vs @google/adk`,
          `≥ ${goal}×`,
          ratio(tps / googleTps),
          tps / googleTps >= goal ? 'met' : 'not met',
        ]);
        if (scenario === 's2') {
          const held = med('llm', scenario, framework, 'heldKbPerSession');
          const googleHeld = med('llm', scenario, googleName, 'heldKbPerSession');
          targets.push([
            'S2 heap held per stored session vs @google/adk',
            '≤ 0.7×',
            `${ratio(held / googleHeld)} (${fmt(held)} KB vs ${fmt(googleHeld)} KB)`,
            held / googleHeld <= 0.7 ? 'met' : 'not met',
          ]);
        }
      }
    }
    table(
      [
        'framework',
        'LLM turns / s',
        'sessions / s',
        'CPU µs / turn',
        'page faults (timed phase)',
        'held KB / session',
        'peak RSS MB',
        'RSS before MB',
        'throughput vs floor',
        'throughput vs @google/adk',
      ],
      body,
    );
  };
  if (SUITES.llm.scenarios.includes('s2')) {
    emit('## S2: throughput');
    emit();
    emit(
      '1000 sessions × 1 message with K=2 (3 LLM turns each) through 50 concurrent async workers, after ' +
        '100 warm-up sessions; every session stays in the store. Peak RSS is sampled every 5 ms and after ' +
        'every 10th session (reading it costs about 8 µs); held = heap + external after gc() once the timed ' +
        'sessions are stored, minus the same before, per session. "vs" columns are throughput ratios (>1 = more turns/s).',
    );
    emit();
    s2Table('s2');
  }
  if (SUITES.llm.scenarios.includes('s2-steady')) {
    emit('### S2 steady state (3000 warm-up sessions)');
    emit();
    emit(
      'The same measure after 3000 warm-up sessions: the JIT has settled and V8 has grown its heap, so ' +
        'the timed phase takes few page faults.',
    );
    emit();
    s2Table('s2-steady');
  }
  if (SUITES.llm.scenarios.includes('s3')) {
    emit('## S3: history growth');
    emit();
    emit(
      'One session, 200 messages with K=1 (a call, its result and an answer: 2 LLM turns per message, ' +
        '800 history items at the end), after a 20-message warm-up session. Mean ms per message of the ' +
        "first 20 and the last 20, each window starting after a gc() (the session's one scavenge, which copies " +
        'all it kept so far, would otherwise land in one window by chance); held = heap + external after gc(), minus the same before the session.',
    );
    emit();
    const body = [];
    for (const framework of llmFrameworks.filter((fw) => has('llm', 's3', fw))) {
      const last = med('llm', 's3', framework, 'lastMs');
      body.push([
        framework,
        range('llm', 's3', framework, 'firstMs'),
        range('llm', 's3', framework, 'lastMs'),
        range('llm', 's3', framework, 'growth'),
        fmt(med('llm', 's3', framework, 'firstCpuMs')),
        fmt(med('llm', 's3', framework, 'lastCpuMs')),
        fmt(med('llm', 's3', framework, 'totalMs')),
        fmt(med('llm', 's3', framework, 'heldMb')),
        fmt(med('llm', 's3', framework, 'lastRequestItems')),
        ratio(last / med('llm', 's3', googleName, 'lastMs')),
      ]);
      if (framework === 'adk-ts') {
        const growth = med('llm', 's3', framework, 'growth');
        targets.push([
          'S3 history growth (last 20 / first 20)',
          '≤ 1.2×',
          `${ratio(growth)} (@google/adk ${ratio(med('llm', 's3', googleName, 'growth'))})`,
          growth <= 1.2 ? 'met' : 'not met',
        ]);
      }
    }
    table(
      [
        'framework',
        'first 20 ms / msg',
        'last 20 ms / msg',
        'growth (last / first)',
        'first 20 CPU ms',
        'last 20 CPU ms',
        'total ms',
        'held MB',
        'items in last request',
        'last 20 vs @google/adk',
      ],
      body,
    );
  }
}

if (suites.includes('cold')) {
  emit('## Cold import');
  emit();
  emit(
    `A fresh \`node --input-type=module -e "await import(entry)"\` per measurement; ${coldRounds} rounds ` +
      'after one warm-up round, the order rotating.',
  );
  emit();
  const nodeAlone = med('cold', 'cold', 'node alone', 'importMs');
  const google = med('cold', 'cold', googleName, 'importMs');
  const body = [];
  for (const framework of ['node alone', 'adk-ts', googleName]) {
    const ms = med('cold', 'cold', framework, 'importMs');
    body.push([
      framework,
      range('cold', 'cold', framework, 'importMs'),
      fmt(ms - nodeAlone),
      ratio(ms / google),
    ]);
  }
  table(['entry', 'import ms', 'minus node alone', 'vs @google/adk'], body);
  const above = med('cold', 'cold', 'adk-ts', 'importMs') - nodeAlone;
  targets.push([
    'Cold import above bare node',
    '≤ 120 ms',
    `${fmt(above)} ms`,
    above <= 120 ? 'met' : 'not met',
  ]);
}

if (suites.includes('workflow')) {
  const scenario = 'workflow-graph';
  const w = (framework, field) => med('workflow', scenario, framework, field);
  // A framework left out (WF_FWS) leaves its ratios empty.
  const r = (value) => (Number.isFinite(value) ? ratio(value) : '–');
  emit('## Workflow graph (issue 17)');
  emit();
  emit(
    'Ten function nodes, no model: `START → a → [b1 … b5] → join → c → d → e` (a fan-out of five and a ' +
      "join; `a` and `c` write state), the same graph on each framework's `Workflow` and in-memory " +
      'runner; the floor does the same work in plain async functions (one event per node appended ' +
      'to a history, the state applied). 1000 runs in ONE session after 500 warm-up runs and, after a ' +
      'gc(), 100 settling runs in fresh sessions, each run starting from the event loop. CPU = process CPU (all threads: GC and JIT ' +
      'included) per run over the 1000 runs, the measure to read on a loaded machine; wall = the ' +
      'median run. Growth = CPU (and heap allocated) per run of runs 901–1000 over runs 1–100, and the ' +
      "same for the median run's CPU (process.cpuUsage around each run), which preemption and single " +
      'collections do not move. Held = ' +
      'heap + external kept per run once the session is done (after gc()).',
  );
  emit();
  const body = [];
  for (const framework of SUITES.workflow.frameworks.filter((fw) =>
    has('workflow', scenario, fw),
  )) {
    const cpu = w(framework, 'cpuUsPerRun');
    body.push([
      framework,
      fmt(w(framework, 'eventsPerRun')),
      range('workflow', scenario, framework, 'cpuUsPerRun'),
      fmt(w(framework, 'wallUsPerRun')),
      `${fmt(w(framework, 'firstCpuUsPerRun'))} → ${fmt(w(framework, 'lastCpuUsPerRun'))}`,
      range('workflow', scenario, framework, 'cpuGrowth'),
      `${fmt(w(framework, 'firstMedianCpuUs'))} → ${fmt(w(framework, 'lastMedianCpuUs'))}`,
      range('workflow', scenario, framework, 'medianCpuGrowth'),
      `${fmt(w(framework, 'firstAllocKbPerRun'))} → ${fmt(w(framework, 'lastAllocKbPerRun'))}`,
      r(w(framework, 'lastAllocKbPerRun') / w(framework, 'firstAllocKbPerRun')),
      fmt(w(framework, 'heldKbPerRun')),
      r(cpu / w('floor', 'cpuUsPerRun')),
      r(cpu / w(googleName, 'cpuUsPerRun')),
      r(w(framework, 'firstCpuUsPerRun') / w(googleName, 'firstCpuUsPerRun')),
      r(w(framework, 'firstAllocKbPerRun') / w(googleName, 'firstAllocKbPerRun')),
    ]);
  }
  table(
    [
      'framework',
      'events / run',
      'CPU µs / run',
      'wall µs / run (median)',
      'CPU µs / run: runs 1–100 → 901–1000',
      'CPU growth',
      'median run CPU µs: runs 1–100 → 901–1000',
      'median run growth',
      'alloc KB / run: runs 1–100 → 901–1000',
      'alloc growth',
      'held KB / run',
      'CPU vs floor',
      'CPU vs @google/adk',
      'CPU vs @google/adk (runs 1–100)',
      'alloc vs @google/adk (runs 1–100)',
    ],
    body,
  );
  // Read on the first 100 runs: over all 1000, @google/adk's growth decides the ratio by itself.
  const cpuRatio = w('adk-ts', 'firstCpuUsPerRun') / w(googleName, 'firstCpuUsPerRun');
  const growth = w('adk-ts', 'medianCpuGrowth');
  targets.push([
    'Workflow graph: CPU per run vs @google/adk, runs 1–100 of the session (issue 17)',
    '≤ 0.3×',
    r(cpuRatio),
    cpuRatio <= 0.3 ? 'met' : 'not met',
  ]);
  targets.push([
    'Workflow graph: growth, median run CPU of runs 901–1000 / 1–100 (issue 17)',
    '≈ 1× (≤ 1.2×)',
    `${r(growth)} (@google/adk ${r(w(googleName, 'medianCpuGrowth'))})`,
    growth <= 1.2 ? 'met' : 'not met',
  ]);
}

if (suites.includes('live')) {
  const scenario = 'live-chunks';
  const l = (framework, field) => med('live', scenario, framework, field);
  emit('## Live streaming latency (issue 18)');
  emit();
  emit(
    'One live session whose model connection sends partial text chunks one at a time, each arriving in a ' +
      'macrotask of its own (as a socket message does), the next once the caller has seen the previous one: ' +
      "the latency of a chunk is the time from its arrival at the connection to the moment the caller's " +
      '`for await` over `runLive` (or, for `*-ws`, its WebSocket `message` handler, in the same process, after ' +
      '`JSON.parse`) sees its event. Quantiles over 10,000 chunks after 2,000 warm-up chunks, no gc() inside ' +
      'the window. `floor`: a hand-written loop from the connection to an event object; `floor-ws`: the floor ' +
      'behind a bare `ws` server; `adk-ts-ws`: `/run_live` of `serveApiServer`. CPU = process CPU per chunk over ' +
      'the whole session. Cells: the median over the rounds, (min–max) for p99.',
  );
  emit();
  const body = [];
  for (const framework of SUITES.live.frameworks.filter((fw) => has('live', scenario, fw))) {
    body.push([
      framework,
      fmt(l(framework, 'p50Us')),
      range('live', scenario, framework, 'p99Us'),
      fmt(l(framework, 'p999Us')),
      fmt(l(framework, 'maxUs')),
      fmt(l(framework, 'meanUs')),
      fmt(l(framework, 'cpuUsPerChunk')),
    ]);
  }
  table(['framework', 'p50 µs', 'p99 µs', 'p99.9 µs', 'max µs', 'mean µs', 'CPU µs / chunk'], body);
  if (has('live', scenario, 'adk-ts')) {
    const p99 = l('adk-ts', 'p99Us');
    targets.push([
      'Live: p99 latency a chunk takes from the model connection to the caller, in process (issue 18)',
      '≤ 1 ms',
      `${fmt(p99)} µs (/run_live: ${fmt(l('adk-ts-ws', 'p99Us'))} µs)`,
      p99 <= 1000 ? 'met' : 'not met',
    ]);
  }
}

if (targets.length > 0) {
  const issues = [
    ...(suites.includes('llm') ? ['16'] : []),
    ...(suites.includes('workflow') ? ['17'] : []),
    ...(suites.includes('live') ? ['18'] : []),
  ];
  const named =
    issues.length > 1
      ? `issues ${issues.slice(0, -1).join(', ')} and ${issues.at(-1)}`
      : `issue ${issues[0]}`;
  emit(`## Targets (${named})`);
  emit();
  table(['target', 'goal', 'adk-ts', 'status'], targets);
}

if (suites.includes('runner')) {
  const runnerFrameworks = SUITES.runner.frameworks;
  emit('## Runner overhead (issue 2)');
  emit();
  emit(
    'Custom agents emitting events with a state delta, no model: `events` (one agent, 10 events per ' +
      'invocation), `workflow` (sequential of parallel(3 × 2 events) and loop(3 × 1 event), 9 events), ' +
      '300 timed invocations after 30 warm-ups; `history` (one session, 200 invocations of 2 events).',
  );
  emit();
  for (const scenario of ['events', 'workflow']) {
    emit(`### ${scenario}`);
    emit();
    const body = [];
    for (const framework of runnerFrameworks) {
      const wall = med('runner', scenario, framework, 'wallUsPerEvent');
      const cpu = med('runner', scenario, framework, 'cpuUsPerEvent');
      body.push([
        framework,
        range('runner', scenario, framework, 'wallUsPerEvent'),
        fmt(cpu),
        fmt(med('runner', scenario, framework, 'rssMb')),
        ratio(wall / med('runner', scenario, 'floor', 'wallUsPerEvent')),
        ratio(wall / med('runner', scenario, googleName, 'wallUsPerEvent')),
        ratio(cpu / med('runner', scenario, googleName, 'cpuUsPerEvent')),
      ]);
    }
    table(
      [
        'framework',
        'wall µs / event',
        'CPU µs / event',
        'RSS MB',
        'wall vs floor',
        'wall vs @google/adk',
        'CPU vs @google/adk',
      ],
      body,
    );
  }
  emit('### history (one session, 200 invocations of 2 events each)');
  emit();
  const body = [];
  for (const framework of runnerFrameworks) {
    const first = med('runner', 'history', framework, 'firstMs');
    const last = med('runner', 'history', framework, 'lastMs');
    body.push([
      framework,
      fmt(first),
      fmt(last),
      ratio(last / first),
      ratio(last / med('runner', 'history', googleName, 'lastMs')),
    ]);
  }
  table(
    [
      'framework',
      'ms / invocation, first 20',
      'ms / invocation, last 20',
      'growth (last / first)',
      'last 20 vs @google/adk',
    ],
    body,
  );
}

const markdown = lines.join('\n');
console.log(markdown);
if (out !== '-') {
  const notes = process.env.NOTES_FILE ? `\n${readFileSync(process.env.NOTES_FILE, 'utf8')}` : '';
  writeFileSync(resolve(here, out), `${markdown.trimEnd()}\n${notes}`);
  // The repository checks Markdown with prettier; format the file when the root's is installed.
  const prettier = resolve(here, '../node_modules/.bin/prettier');
  if (existsSync(prettier)) {
    try {
      execFileSync(prettier, ['--write', resolve(here, out)], { stdio: 'ignore' });
    } catch {
      // left unformatted
    }
  }
  process.stderr.write(`wrote ${out}${rawFile ? ` and ${rawFile}` : ''}\n`);
}
