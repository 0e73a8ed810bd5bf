import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Context } from '../context/context.js';
import { createLlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { Content } from '../types/index.js';
import { setLogger } from '../utils/logger.js';
import { roleTexts, runTurns } from './bundled-plugins-test-fixtures.js';
import {
  adjustSplitIndexToAvoidOrphanedFunctionResponses,
  ContextFilterPlugin,
} from './context-filter-plugin.js';

// Python: plugins/context_filter_plugin.py and tests/unittests/plugins/test_context_filter_plugin.py.

const echo = new FunctionTool({
  name: 'echo',
  description: 'Echoes.',
  parameters: z.object({ x: z.string() }),
  execute: ({ x }) => ({ x }),
});

afterEach(() => setLogger());

describe('ContextFilterPlugin (Python context_filter_plugin)', () => {
  it('keeps the last N invocations of the conversation sent to the model', async () => {
    const model = new ScriptedLlm({
      responses: [textResponse('a1'), textResponse('a2'), textResponse('a3')],
    });
    await runTurns({ plugins: [new ContextFilterPlugin({ numInvocationsToKeep: 2 })], model }, [
      'q1',
      'q2',
      'q3',
    ]);
    expect(model.requests.map((request) => roleTexts(request.contents))).toEqual([
      ['user: q1'],
      ['user: q1', 'model: a1', 'user: q2'],
      ['user: q2', 'model: a2', 'user: q3'],
    ]);
  });

  it('counts an invocation from its user message through its tool calls', async () => {
    const model = new ScriptedLlm({
      responses: [
        textResponse('a1'),
        functionCallResponse('echo', { x: 'y' }),
        textResponse('a2'),
        textResponse('a3'),
      ],
    });
    await runTurns(
      { plugins: [new ContextFilterPlugin({ numInvocationsToKeep: 2 })], model, tools: [echo] },
      ['q1', 'q2', 'q3'],
    );
    expect(roleTexts(model.requests[3]!.contents)).toEqual([
      'user: q2',
      'model: call echo',
      'user: response echo',
      'model: a2',
      'user: q3',
    ]);
  });

  it('applies the custom filter after the trimming', async () => {
    const seen: string[][] = [];
    const model = new ScriptedLlm({ responses: [textResponse('a1'), textResponse('a2')] });
    const plugin = new ContextFilterPlugin({
      numInvocationsToKeep: 1,
      customFilter: (contents) => {
        seen.push(roleTexts(contents));
        return contents.filter((content) => content.role === 'user');
      },
    });
    await runTurns({ plugins: [plugin], model }, ['q1', 'q2']);
    expect(seen[1]).toEqual(['user: q2']);
    expect(roleTexts(model.requests[1]!.contents)).toEqual(['user: q2']);
  });

  it('leaves everything when the limit is unset, zero, or not yet reached', async () => {
    for (const plugin of [
      new ContextFilterPlugin(),
      new ContextFilterPlugin({ numInvocationsToKeep: 0 }),
      new ContextFilterPlugin({ numInvocationsToKeep: 3 }),
    ]) {
      const model = new ScriptedLlm({ responses: [textResponse('a1'), textResponse('a2')] });
      await runTurns({ plugins: [plugin], model }, ['q1', 'q2']);
      expect(roleTexts(model.requests[1]!.contents)).toEqual(['user: q1', 'model: a1', 'user: q2']);
    }
  });

  it('logs a failing filter and sends the request unfiltered', async () => {
    const errors: string[] = [];
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (message) => errors.push(message),
    });
    const model = new ScriptedLlm({ responses: [textResponse('a1')] });
    const plugin = new ContextFilterPlugin({
      customFilter: () => {
        throw new Error('boom');
      },
    });
    const { events } = await runTurns({ plugins: [plugin], model }, ['q1']);
    expect(errors).toEqual(['Failed to reduce context for request']);
    expect(roleTexts(model.requests[0]!.contents)).toEqual(['user: q1']);
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('a1');
  });

  it('counts consecutive user messages as the start of one invocation', async () => {
    const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
    const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });
    const request = createLlmRequest({
      contents: [user('a'), user('b'), model('c'), user('d'), user('e'), model('f'), user('g')],
    });
    const plugin = new ContextFilterPlugin({ numInvocationsToKeep: 2 });
    const context = new Context(await createTestInvocationContext());
    expect(plugin.beforeModelCallback({ context, request })).toBeUndefined();
    expect(roleTexts(request.contents)).toEqual(['user: d', 'user: e', 'model: f', 'user: g']);
  });

  it('is named context_filter_plugin unless told otherwise', () => {
    expect(new ContextFilterPlugin().name).toBe('context_filter_plugin');
    expect(new ContextFilterPlugin({ name: 'trim' }).name).toBe('trim');
  });
});

describe('adjustSplitIndexToAvoidOrphanedFunctionResponses', () => {
  const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
  const call = (id: string): Content => ({
    role: 'model',
    parts: [{ functionCall: { id, name: 'lookup', args: {} } }],
  });
  const response = (id: string): Content => ({
    role: 'user',
    parts: [{ functionResponse: { id, name: 'lookup', response: {} } }],
  });

  it('keeps the split when no kept response lacks its call', () => {
    const contents = [user('q1'), call('a'), response('a'), user('q2')];
    expect(adjustSplitIndexToAvoidOrphanedFunctionResponses(contents, 3)).toBe(3);
  });

  it('moves the split back to the call of a kept response', () => {
    // A long-running call answered in a later invocation.
    const contents = [user('q1'), call('a'), user('q2'), response('a'), user('q3')];
    expect(adjustSplitIndexToAvoidOrphanedFunctionResponses(contents, 2)).toBe(1);
  });

  it('falls back to the start when the call is missing altogether', () => {
    const contents = [user('q1'), user('q2'), response('zz')];
    expect(adjustSplitIndexToAvoidOrphanedFunctionResponses(contents, 1)).toBe(0);
  });
});
