// Issue 19 §5: a 2,000-message session with event compaction on and off.
//
//   node --expose-gc compaction-bench.mjs                # every mode, ROUNDS fresh processes each, a table
//   node --expose-gc compaction-bench.mjs <off|sliding|token>   # one measurement, one JSON line
//
// One session, MESSAGES user messages (about 200 characters each), each
// answered by an instant fake model with about 200 characters of text and
// usage metadata whose promptTokenCount is the request's contents length / 4
// (what a provider reports); the summarizer is another instant fake model
// that answers a 600-character summary. Modes:
//   off      no eventsCompactionConfig
//   sliding  compactionInterval 10, overlapSize 1
//   token    tokenThreshold 4000, eventRetentionSize 20 (a rolling summary)
// Per message: the CPU time of the process less what the fake model spends
// in JSON.stringify of the request (framework work: the fake models do
// nothing else), that JSON.stringify alone (what an HTTP client would pay to
// send the request), and the size of the request the agent's model got
// (contents and JSON bytes). Reported: the first and last WINDOW messages,
// each window after a gc().

import { spawnSync } from 'node:child_process';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { uptime, loadavg } from 'node:os';

const MESSAGES = Number(process.env.MESSAGES ?? 2000);
const WINDOW = Number(process.env.WINDOW ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MODES = ['off', 'sliding', 'token'];
const filler = ' lorem ipsum dolor sit amet'.repeat(7);

async function measure(mode) {
  const adk = await import(
    process.env.ADK_TS_DIST
      ? pathToFileURL(`${process.env.ADK_TS_DIST}/index.js`).href
      : '../dist/index.js'
  );
  const last = { contents: 0, bytes: 0 };
  let summaries = 0;
  // CPU the fake model spends measuring the request (JSON.stringify), not the framework's.
  let modelMicros = 0;
  class AgentModel extends adk.BaseLlm {
    async *generateContentAsync(request) {
      const started = process.cpuUsage();
      const bytes = JSON.stringify(request.contents).length;
      const spent = process.cpuUsage(started);
      modelMicros += spent.user + spent.system;
      last.contents = request.contents.length;
      last.bytes = bytes;
      yield {
        content: { role: 'model', parts: [{ text: `answer${filler}` }] },
        usageMetadata: { promptTokenCount: Math.floor(bytes / 4) },
      };
    }
  }
  class SummaryModel extends adk.BaseLlm {
    async *generateContentAsync() {
      summaries++;
      yield { content: { role: 'model', parts: [{ text: `summary${filler.repeat(3)}` }] } };
    }
  }
  const configs = {
    off: undefined,
    sliding: { compactionInterval: 10, overlapSize: 1 },
    token: { tokenThreshold: 4000, eventRetentionSize: 20 },
  };
  const config = configs[mode];
  const agent = new adk.LlmAgent({ name: 'assistant', model: new AgentModel({ model: 'fake' }) });
  const app = new adk.App({
    name: 'bench',
    rootAgent: agent,
    ...(config
      ? {
          eventsCompactionConfig: {
            ...config,
            summarizer: new adk.LlmEventSummarizer({ llm: new SummaryModel({ model: 'sum' }) }),
          },
        }
      : {}),
  });
  const runner = new adk.InMemoryRunner({ app });
  await runner.sessionService.createSession({ appName: 'bench', userId: 'u', sessionId: 's' });
  const send = async (n) => {
    let events = 0;
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: `message ${n}${filler}` }] },
    })) {
      if (event) events += 1;
    }
    return events;
  };
  const windows = {};
  const windowStarts = { first: 1, last: MESSAGES - WINDOW + 1 };
  for (let n = 1; n <= MESSAGES; n++) {
    for (const [name, start] of Object.entries(windowStarts)) {
      if (n === start) {
        globalThis.gc?.();
        windows[name] = { cpu: process.cpuUsage(), model: modelMicros, bytes: 0, contents: 0 };
      }
    }
    await send(n);
    for (const [name, start] of Object.entries(windowStarts)) {
      const window = windows[name];
      if (window && n >= start && n < start + WINDOW) {
        window.bytes += last.bytes;
        window.contents += last.contents;
        if (n === start + WINDOW - 1) {
          const cpu = process.cpuUsage(window.cpu);
          window.cpuMs = (cpu.user + cpu.system - (modelMicros - window.model)) / 1000 / WINDOW;
          window.jsonMs = (modelMicros - window.model) / 1000 / WINDOW;
          delete window.model;
          window.bytes /= WINDOW;
          window.contents /= WINDOW;
          delete window.cpu;
        }
      }
    }
  }
  const session = await runner.sessionService.getSession({
    appName: 'bench',
    userId: 'u',
    sessionId: 's',
  });
  return {
    mode,
    messages: MESSAGES,
    events: session.events.length,
    summaries,
    first: windows.first,
    last: windows.last,
    lastRequest: last,
  };
}

function table(results) {
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const range = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  const lines = [
    `| mode | events stored | summaries | request contents (last) | request KB (last) | framework CPU ms / message, first ${WINDOW} | framework CPU ms / message, last ${WINDOW} | growth (last / first) | request JSON.stringify ms, last ${WINDOW} |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const mode of MODES) {
    const runs = results.filter((result) => result.mode === mode);
    const first = runs.map((run) => run.first.cpuMs);
    const lastCpu = runs.map((run) => run.last.cpuMs);
    const growth = runs.map((run) => run.last.cpuMs / run.first.cpuMs);
    const json = runs.map((run) => run.last.jsonMs);
    lines.push(
      `| ${mode} | ${runs[0].events} | ${runs[0].summaries} | ${runs[0].lastRequest.contents} | ` +
        `${(runs[0].lastRequest.bytes / 1024).toFixed(1)} | ${median(first).toFixed(3)} (${range(first)}) | ` +
        `${median(lastCpu).toFixed(3)} (${range(lastCpu)}) | ${median(growth).toFixed(2)} | ${median(json).toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

const mode = process.argv[2];
if (mode) {
  console.log(JSON.stringify(await measure(mode)));
} else {
  const before = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const results = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = MODES.slice(round % MODES.length).concat(MODES.slice(0, round % MODES.length));
    for (const each of order) {
      const child = spawnSync(
        process.execPath,
        ['--expose-gc', fileURLToPath(import.meta.url), each],
        { encoding: 'utf8', env: process.env },
      );
      if (child.status !== 0) throw new Error(child.stderr);
      results.push(JSON.parse(child.stdout.trim().split('\n').pop()));
    }
  }
  const after = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(table(results));
  console.log(
    `\nload average ${before} before, ${after} after; uptime ${Math.round(uptime() / 60)} min; ${ROUNDS} rounds`,
  );
}
