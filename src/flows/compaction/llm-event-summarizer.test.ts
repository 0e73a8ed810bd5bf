import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { createEvent, type Event } from '../../events/event.js';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import {
  DEFAULT_SUMMARIZER_PROMPT_TEMPLATE,
  formatEventsForPrompt,
  LlmEventSummarizer,
} from './llm-event-summarizer.js';

// adk-python apps/llm_event_summarizer.py and tests/unittests/apps/test_llm_event_summarizer.py.

// Written out again on purpose: this literal pins the prompt to Python's bytes.
const PYTHON_PROMPT =
  'The following is a conversation history between a user and an AI agent. It may or may ' +
  'not start from a compacted history. Please identify and reiterate the user request, ' +
  'summarize the context so far, focusing on key decisions made and information obtained, ' +
  'as well as any unresolved questions or tasks. CRITICAL INSTRUCTIONS: 1. Explicitly ' +
  'identify and state the primary language used by the user at the top of your summary ' +
  '(e.g., "Conversation Language: English"). 2. If the agent called any tools, accurately ' +
  'list the exact tool names used to maintain tool grounding. The rest of the summary ' +
  'should be concise and capture the essence of the interaction.\n\n{conversation_history}';

const event = (timestamp: number, author: string, parts: NonNullable<Event['content']>['parts']) =>
  createEvent({
    timestamp,
    author,
    invocationId: `inv${timestamp}`,
    content: { role: 'user', parts },
  });

describe('LlmEventSummarizer', () => {
  it('has the reference prompt, byte for byte', () => {
    expect(DEFAULT_SUMMARIZER_PROMPT_TEMPLATE).toBe(PYTHON_PROMPT);
  });

  it('sends one user content with the formatted events and returns a compaction event', async () => {
    const llm = new ScriptedLlm({
      model: 'summary-model',
      responses: [textResponse('SUMMARY', { usageMetadata: { promptTokenCount: 42 } })],
    });
    const summarizer = new LlmEventSummarizer({ llm });
    const events = [event(10, 'user', [{ text: 'Hi' }]), event(20, 'agent', [{ text: 'Hello' }])];
    const result = await summarizer.maybeSummarizeEvents({ events });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('summary-model');
    expect(llm.requests[0]!.contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: PYTHON_PROMPT.replace('{conversation_history}', 'user: Hi\nagent: Hello') },
        ],
      },
    ]);
    expect(result).toMatchObject({
      author: 'user',
      usageMetadata: { promptTokenCount: 42 },
      actions: {
        compaction: {
          startTimestamp: 10,
          endTimestamp: 20,
          compactedContent: { role: 'model', parts: [{ text: 'SUMMARY' }] },
        },
      },
    });
    expect(result!.invocationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes thoughts, tool calls and results, cut at 2000 characters', () => {
    const long = 'x'.repeat(2500);
    const lines = formatEventsForPrompt([
      event(1, 'agent', [
        { text: 'pondering', thought: true },
        { functionCall: { name: 'search', args: { q: 'a', n: 2, ok: true } } },
      ]),
      event(2, 'agent', [{ functionResponse: { name: 'search', response: { result: long } } }]),
    ]).split('\n');
    expect(lines[0]).toBe('agent (thought): pondering');
    expect(lines[1]).toBe("agent called tool: search({'q': 'a', 'n': 2, 'ok': True})");
    const rendered = `{'result': '${long}'}`;
    expect(lines[2]).toBe(
      `Tool response from search: ${rendered.slice(0, 2000)}... [truncated ${rendered.length - 2000} chars]`,
    );
  });

  it("leaves out a previous summary's thoughts", () => {
    const summary = createEvent({
      timestamp: 1,
      author: 'model',
      content: { role: 'model', parts: [{ text: 'old reasoning', thought: true }, { text: 'S' }] },
      actions: {
        compaction: { startTimestamp: 0, endTimestamp: 1, compactedContent: { parts: [] } },
      },
    });
    expect(formatEventsForPrompt([summary])).toBe('model: S');
  });

  it('returns undefined without events or without a model content', async () => {
    const llm = new ScriptedLlm({ responses: [{ errorCode: 'SAFETY' }] });
    const summarizer = new LlmEventSummarizer({ llm });
    expect(await summarizer.maybeSummarizeEvents({ events: [] })).toBeUndefined();
    expect(
      await summarizer.maybeSummarizeEvents({ events: [event(1, 'user', [{ text: 'a' }])] }),
    ).toBeUndefined();
  });

  it('formats a custom template as str.format does', async () => {
    const llm = new ScriptedLlm({ responses: [textResponse('S')] });
    const summarizer = new LlmEventSummarizer({
      llm,
      promptTemplate: '{{json}} {conversation_history}',
    });
    await summarizer.maybeSummarizeEvents({ events: [event(1, 'user', [{ text: 'a' }])] });
    expect(llm.requests[0]!.contents[0]!.parts![0]!.text).toBe('{json} user: a');
    expect(() => new LlmEventSummarizer({ llm, promptTemplate: '{history}' })).toThrow(
      InvalidArgumentError,
    );
  });
});
