import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { DEFAULT_SUMMARIZER_PROMPT_TEMPLATE } from '../flows/compaction/llm-event-summarizer.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { App } from './app.js';
import { InMemoryRunner } from './in-memory-runner.js';
import {
  compactionRunner,
  compactions,
  storedEvents,
  turn,
} from './runner-compaction-test-fixtures.js';

// adk-python runners.py (compaction after each invocation),
// apps/compaction.py (both triggers) and flows/llm_flows/compaction.py (the
// token threshold before a model call); the request the next turn sends is
// what contents.py `_process_compaction_events` builds from them.

const textOf = (event: Event) => event.content?.parts?.[0]?.text;

describe('Runner: sliding-window compaction after invocations', () => {
  it('writes summaries after invocations 2 and 4 (interval 2, overlap 1) and sends them instead', async () => {
    const { runner, agentModel, summaryModel, sessionService } = await compactionRunner({
      compactionInterval: 2,
      overlapSize: 1,
    });
    const written: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const yielded = await turn(runner, `turn ${n}`);
      // The summary is stored, not yielded.
      expect(yielded.map(textOf)).toEqual([`reply ${n}`]);
      written.push(compactions(await storedEvents(sessionService)).length);
    }
    expect(written).toEqual([0, 1, 1, 2, 2]);

    const events = await storedEvents(sessionService);
    const raw = events.filter((event) => !event.actions.compaction);
    const at = (text: string) => raw.find((event) => textOf(event) === text)!.timestamp;
    // [inv1, inv2], then [inv2 … inv4]: the overlap re-includes invocation 2.
    expect(compactions(events)).toEqual([
      { summary: 'SUMMARY 1', start: at('turn 1'), end: at('reply 2') },
      { summary: 'SUMMARY 2', start: at('turn 2'), end: at('reply 4') },
    ]);
    expect(summaryModel.requests[1]!.contents[0]!.parts![0]!.text).toMatch(
      /\n\nuser: turn 2\nassistant: reply 2\nuser: turn 3\nassistant: reply 3\nuser: turn 4\nassistant: reply 4$/,
    );
    const summaryEvent = events.find((event) => event.actions.compaction)!;
    expect(summaryEvent.author).toBe('user');
    expect(events.indexOf(summaryEvent)).toBe(4);

    await turn(runner, 'turn 6');
    // Recorded-style: the whole history the sixth call sends. Both summaries
    // stay (neither range contains the other), each at its range's end, as
    // the agent's own turns; only invocations 5 and 6 are sent raw.
    expect(agentModel.requests[5]!.contents).toEqual([
      { role: 'model', parts: [{ text: 'SUMMARY 1' }] },
      { role: 'model', parts: [{ text: 'SUMMARY 2' }] },
      { role: 'user', parts: [{ text: 'turn 5' }] },
      { role: 'model', parts: [{ text: 'reply 5' }] },
      { role: 'user', parts: [{ text: 'turn 6' }] },
    ]);
    expect(agentModel.requests[5]!.config.systemInstruction).toBe(
      'Be brief.\n\nYou are an agent. Your internal name is "assistant".',
    );
  });
});

describe('Runner: token-threshold compaction', () => {
  it('compacts after the invocation that crosses the threshold, then before the next model call', async () => {
    // The agent reports 60 prompt tokens per call made so far: 60, 120, 180, …
    const { runner, agentModel, sessionService } = await compactionRunner(
      { tokenThreshold: 100, eventRetentionSize: 2 },
      { usage: (call) => ({ promptTokenCount: 60 * (call + 1) }) },
    );
    await turn(runner, 'turn 1');
    expect(compactions(await storedEvents(sessionService))).toEqual([]);
    await turn(runner, 'turn 2');
    // 120 ≥ 100 after invocation 2: all but the newest 2 events are summarized.
    let events = await storedEvents(sessionService);
    const at = (text: string) => events.find((event) => textOf(event) === text)!.timestamp;
    expect(compactions(events)).toEqual([
      { summary: 'SUMMARY 1', start: at('turn 1'), end: at('reply 1') },
    ]);

    await turn(runner, 'turn 3');
    events = await storedEvents(sessionService);
    // Before the third call (the latest count is still 120) a rolling
    // summary covers the first one and `turn 2`, so the request already uses it.
    expect(compactions(events)).toEqual([
      { summary: 'SUMMARY 1', start: at('turn 1'), end: at('reply 1') },
      { summary: 'SUMMARY 2', start: at('turn 1'), end: at('turn 2') },
    ]);
    expect(agentModel.requests[2]!.contents).toEqual([
      { role: 'model', parts: [{ text: 'SUMMARY 2' }] },
      { role: 'model', parts: [{ text: 'reply 2' }] },
      { role: 'user', parts: [{ text: 'turn 3' }] },
    ]);
    // The Runner does not check the token threshold again after that invocation.
    expect(events.filter((event) => event.actions.compaction)).toHaveLength(2);
  });
});

describe('Runner: the default summarizer', () => {
  it("summarizes with the root agent's model when the config has no summarizer", async () => {
    const model = new ScriptedLlm({
      responses: (request, call) =>
        textResponse(
          request.contents[0]!.parts![0]!.text!.startsWith(
            DEFAULT_SUMMARIZER_PROMPT_TEMPLATE.slice(0, 40),
          )
            ? 'AGENT SUMMARY'
            : `reply ${call + 1}`,
        ),
    });
    const app = new App({
      name: 'default_summarizer',
      rootAgent: new LlmAgent({ name: 'assistant', model }),
      eventsCompactionConfig: { compactionInterval: 1, overlapSize: 0 },
    });
    const runner = new InMemoryRunner({ app });
    const ids = { appName: app.name, userId: 'u', sessionId: 's' };
    await runner.sessionService.createSession(ids);
    for await (const _ of runner.runAsync({
      ...ids,
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    }));
    // One call answers the user, the next summarizes: one user content, no system instruction.
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.contents).toEqual([
      {
        role: 'user',
        parts: [
          {
            text: DEFAULT_SUMMARIZER_PROMPT_TEMPLATE.replace(
              '{conversation_history}',
              'user: hello\nassistant: reply 1',
            ),
          },
        ],
      },
    ]);
    const events = (await runner.sessionService.getSession(ids))!.events;
    expect(compactions(events).map((c) => c.summary)).toEqual(['AGENT SUMMARY']);
  });
});
