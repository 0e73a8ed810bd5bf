import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import { deepFreeze } from '../../utils/deep-freeze.js';
import type { Part } from '../../types/index.js';
import { buildContents } from './contents-build.js';
import { getContents } from './contents.js';

// Issue 3 §6: contents are built incrementally per agent, branch and id
// policy, and the output must stay identical to a build from scratch
// (spec 000 §4.1–§4.4). Random histories exercise every reason to fall back:
// late and partial responses, reused ids, other agents, branches, framework
// calls, rewinds, compaction and transcriptions.

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const AGENTS = ['root', 'helper', 'root_sub'];
const BRANCHES = [undefined, 'root', 'root.helper', 'root.helperx'];

function history(seed: number, length: number, frozen = false): Event[] {
  const events = randomHistory(seed, length);
  // Only deep-frozen histories (as the in-memory store keeps them) are built incrementally.
  return frozen ? events.map((event) => deepFreeze(event)) : events;
}

function randomHistory(seed: number, length: number): Event[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const events: Event[] = [];
  const pending: string[] = [];
  const answered: string[] = [];
  let callCount = 0;
  let timestamp = 1000;
  let invocation = 0;
  for (let index = 0; index < length; index++) {
    timestamp += 1;
    const roll = next();
    const author = pick(AGENTS);
    const branch = pick(BRANCHES);
    const invocationId = `inv-${next() < 0.2 ? ++invocation : invocation}`;
    let parts: Part[] | undefined;
    let role = 'model';
    const actions: Event['actions'] extends infer A ? Partial<A> : never = {};
    let extra: Partial<Event> = {};
    if (roll < 0.2) {
      role = 'user';
      parts = [{ text: `message ${index}` }];
      events.push(
        createEvent({ invocationId, author: 'user', content: { role, parts }, timestamp }),
      );
      continue;
    } else if (roll < 0.45) {
      const calls = 1 + Math.floor(next() * 3);
      parts = [];
      if (next() < 0.3) parts.push({ text: 'thinking', thought: true });
      for (let call = 0; call < calls; call++) {
        const id = next() < 0.03 && answered.length ? pick(answered) : `adk-${++callCount}`;
        pending.push(id);
        parts.push({
          functionCall: { id, name: next() < 0.05 ? 'adk_framework' : 'tool', args: { n: index } },
        });
      }
    } else if (roll < 0.72 && pending.length) {
      role = 'user';
      parts = [];
      const count = 1 + Math.floor(next() * Math.min(pending.length, 3));
      for (let response = 0; response < count; response++) {
        // Mostly the newest calls, sometimes an old one (a late answer).
        const at = next() < 0.8 ? pending.length - 1 : Math.floor(next() * pending.length);
        const [id] = pending.splice(at, 1);
        answered.push(id!);
        parts.push({ functionResponse: { id, name: 'tool', response: { result: index } } });
      }
      if (next() < 0.05 && answered.length) {
        parts.push({
          functionResponse: { id: pick(answered), name: 'tool', response: { again: index } },
        });
      }
    } else if (roll < 0.9) {
      parts = [{ text: `answer ${index}` }];
    } else if (roll < 0.93) {
      extra = { outputTranscription: { text: `spoken ${index}` } };
    } else if (roll < 0.95) {
      actions.rewindBeforeInvocationId = `inv-${Math.floor(next() * (invocation + 1))}`;
    } else if (roll < 0.97) {
      actions.compaction = {
        startTimestamp: timestamp - 5,
        endTimestamp: timestamp - 2,
        compactedContent: { role: 'model', parts: [{ text: `summary ${index}` }] },
      };
    } else {
      parts = [];
    }
    events.push(
      createEvent({
        invocationId,
        author,
        branch,
        timestamp,
        content: parts ? { role, parts } : undefined,
        actions,
        ...extra,
      }),
    );
  }
  return events;
}

type Outcome = { contents: unknown } | { error: string };

function outcome(build: () => unknown): Outcome {
  try {
    return { contents: structuredClone(build()) };
  } catch (error) {
    return { error: String(error) };
  }
}

describe('incremental contents (issue 3 §6, spec 000 §4.1–§4.4)', () => {
  for (const frozen of [false, true]) {
    const kind = frozen ? 'deep-frozen' : 'mutable';
    it(`equal a build from scratch at random lengths of 600 random ${kind} histories, per agent, branch and id policy`, () => {
      let reused = 0;
      for (let seed = 1; seed <= 600; seed++) {
        const events = history(seed, 60, frozen);
        const agent = AGENTS[seed % AGENTS.length]!;
        const branch = BRANCHES[seed % BRANCHES.length];
        const keepIds = seed % 2 === 0;
        // Steps of 1 to 6 events: several new events per build, as a real turn appends.
        const step = random(seed * 7919);
        for (let length = 0; length <= events.length; length += 1 + Math.floor(step() * 6)) {
          const visible = events.slice(0, length);
          const incremental = outcome(() =>
            getContents(branch, visible, agent, { preserveFunctionCallIds: keepIds }),
          );
          const scratch = outcome(() => buildContents(branch, visible, agent, keepIds, false));
          expect(incremental, `seed ${seed}, length ${length}`).toEqual(scratch);
          if ('contents' in incremental) reused++;
        }
      }
      expect(reused).toBeGreaterThan(3000);
    });

    it(`equal a build from scratch when several agents, branches and id policies build on one ${kind} history`, () => {
      // Each event then remembers prefixes under several keys: the first in its
      // memo record's fields, the others in a map; builds in a random order
      // supersede and forget them across both.
      const keys = AGENTS.flatMap((agent) =>
        [undefined, 'root.helper'].flatMap((branch) =>
          [false, true].map((keepIds) => ({ agent, branch, keepIds })),
        ),
      );
      for (let seed = 1; seed <= 120; seed++) {
        const events = history(seed, 40, frozen);
        const next = random(seed * 104729);
        for (let length = 0; length <= events.length; length += 1 + Math.floor(next() * 4)) {
          const visible = events.slice(0, length);
          for (let round = 0; round < 4; round++) {
            const { agent, branch, keepIds } = keys[Math.floor(next() * keys.length)]!;
            const incremental = outcome(() =>
              getContents(branch, visible, agent, { preserveFunctionCallIds: keepIds }),
            );
            const scratch = outcome(() => buildContents(branch, visible, agent, keepIds, false));
            expect(
              incremental,
              `seed ${seed}, length ${length}, ${agent} ${branch} ${keepIds}`,
            ).toEqual(scratch);
          }
        }
      }
    });
  }

  it('build from scratch for a history that only shares its first and last events with a built one', () => {
    const text = (author: string, words: string) =>
      deepFreeze(createEvent({ author, content: { role: 'model', parts: [{ text: words }] } }));
    const first = text('user', 'hi');
    const last = text('root', 'bye');
    const built = [first, text('root', 'one'), last];
    getContents(undefined, built, 'root');
    const other = [first, text('root', 'two'), last];
    expect(getContents(undefined, other, 'root')).toEqual(
      buildContents(undefined, other, 'root', false, false),
    );
  });

  it('build from scratch when an earlier event of a mutable history got another content', () => {
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
      createEvent({ author: 'root', content: { role: 'model', parts: [{ text: 'one' }] } }),
    ];
    getContents(undefined, events, 'root');
    events[1]!.content = { role: 'model', parts: [{ text: 'edited' }] };
    events.push(
      createEvent({ author: 'root', content: { role: 'model', parts: [{ text: 'two' }] } }),
    );
    expect(getContents(undefined, events, 'root')[1]).toEqual({
      role: 'model',
      parts: [{ text: 'edited' }],
    });
  });

  it('reuses the built prefix: the contents of earlier events are the same objects', () => {
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
      createEvent({
        author: 'root',
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'adk-1', name: 'tool', args: {} } }],
        },
      }),
    ];
    const first = getContents(undefined, events, 'root');
    events.push(
      createEvent({
        author: 'root',
        content: {
          role: 'user',
          parts: [{ functionResponse: { id: 'adk-1', name: 'tool', response: { ok: true } } }],
        },
      }),
      createEvent({ author: 'root', content: { role: 'model', parts: [{ text: 'done' }] } }),
    );
    const second = getContents(undefined, events, 'root');
    expect(second).toHaveLength(4);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second).not.toBe(first);
  });

  it('gives each call its own array: editing one request never changes the next', () => {
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
    ];
    const first = getContents(undefined, events, 'root');
    first.push({ role: 'user', parts: [{ text: 'injected' }] });
    events.push(
      createEvent({ author: 'root', content: { role: 'model', parts: [{ text: 'hello' }] } }),
    );
    expect(getContents(undefined, events, 'root')).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'hello' }] },
    ]);
  });
});
