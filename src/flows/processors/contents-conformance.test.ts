/**
 * Checks `getContents` against every LLM request the Python ADK recorded in
 * the conformance corpus (../shared/conformance/, see its README): 69
 * requests in 22 cases.
 *
 * How a recorded request is matched with the session events it was built
 * from: Python builds the request for a model call from the session as it
 * stands just before the model's response is appended. In the recorded
 * session every model response is an event carrying `usage_metadata` or
 * `finish_reason` (recent ones also `model_version`), authored by the agent
 * that made the call; function-response and callback events carry none. So
 * walking the session, the n-th model-response event authored by agent A
 * answers the n-th `llm_recording` of A (recordings are in call order), and
 * the request's contents are `getContents(event.branch, <events before it>,
 * A)`. The event's branch is
 * the branch of the invocation context that made the call. Parallel
 * siblings may have appended events in between, but they sit in other
 * branches, which the branch filter removes. No corpus agent sets
 * `include_contents: none` or a static instruction, so the contents
 * processor's output is exactly `getContents`'s.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eventFromSnakeCaseJson } from '../../events/event-json.js';
import type { Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { getContents } from './contents.js';

// The corpus sits beside the repository (../shared/conformance); set
// ADK_CONFORMANCE_DIR to use another copy. The suite is skipped without one.
const CORPUS = join(
  process.env['ADK_CONFORMANCE_DIR'] ??
    fileURLToPath(new URL('../../../../shared/conformance', import.meta.url)),
  'tests',
);

interface Recording {
  agent_name: string;
  llm_recording?: { llm_request: { contents?: unknown[] } };
}

function loadCases(): { name: string; dir: string }[] {
  if (!existsSync(CORPUS)) return [];
  return readdirSync(CORPUS).flatMap((category) =>
    readdirSync(join(CORPUS, category)).map((name) => ({
      name: `${category}/${name}`,
      dir: join(CORPUS, category, name),
    })),
  );
}

/** A recorded snake_case content, converted as the event JSON converter converts event content. */
function toContent(json: unknown): Content {
  return eventFromSnakeCaseJson({ author: 'x', timestamp: 0, content: json }).content!;
}

function requestsOf(
  dir: string,
): { agent: string; index: number; event: Event; expected: Content[]; history: Event[] }[] {
  const recordings = (
    parse(readFileSync(join(dir, 'generated-recordings.yaml'), 'utf8')) as {
      recordings: Recording[];
    }
  ).recordings;
  const session = parse(readFileSync(join(dir, 'generated-session.yaml'), 'utf8')) as {
    events: Record<string, unknown>[];
  };
  const events = session.events.map((json) => eventFromSnakeCaseJson(json));
  const pending = new Map<string, Content[][]>();
  for (const recording of recordings) {
    if (!recording.llm_recording) continue;
    const queue = pending.get(recording.agent_name) ?? [];
    queue.push((recording.llm_recording.llm_request.contents ?? []).map(toContent));
    pending.set(recording.agent_name, queue);
  }
  const requests = [];
  for (const [index, event] of events.entries()) {
    if (!isModelResponse(event)) continue;
    const expected = pending.get(event.author)?.shift();
    expect(expected, `a recording for model event #${index} of ${event.author}`).toBeDefined();
    if (!expected) continue;
    requests.push({ agent: event.author, index, event, expected, history: events.slice(0, index) });
  }
  const unmatched = [...pending.values()].reduce((count, queue) => count + queue.length, 0);
  expect(unmatched, 'every llm_recording pairs with a model event').toBe(0);
  return requests;
}

/** Model responses carry usage metadata or a finish reason (older recordings lack `model_version`). */
function isModelResponse(event: Event): boolean {
  return (
    event.usageMetadata !== undefined ||
    event.finishReason !== undefined ||
    event.modelVersion !== undefined
  );
}

const cases = loadCases();

describe.skipIf(cases.length === 0)(
  'getContents reproduces the recorded Python requests (conformance corpus, spec 000 §4.1)',
  () => {
    for (const { name, dir } of cases) {
      it(name, () => {
        const requests = requestsOf(dir);
        expect(requests.length).toBeGreaterThan(0);
        for (const { agent, index, event, expected, history } of requests) {
          const contents = getContents(event.branch, history, agent);
          expect(contents, `${agent}, request for event #${index}`).toEqual(expected);
        }
      });
    }
  },
);
