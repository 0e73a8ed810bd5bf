import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { Part } from '../types/index.js';
import { roleTexts, runTurns } from './bundled-plugins-test-fixtures.js';
import {
  isPart,
  MultimodalToolResultsPlugin,
  PARTS_RETURNED_BY_TOOLS_ID,
} from './multimodal-tool-results-plugin.js';

// Python: plugins/multimodal_tool_results_plugin.py and its unit tests.

const IMAGE: Part = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
const CAPTION: Part = { text: 'A chart of sales.' };

const screenshot = new FunctionTool({
  name: 'screenshot',
  description: 'Takes a screenshot.',
  parameters: z.object({}),
  execute: () => IMAGE,
});
const frames = new FunctionTool({
  name: 'frames',
  description: 'Samples frames.',
  parameters: z.object({}),
  execute: () => [IMAGE, CAPTION],
});
const lookup = new FunctionTool({
  name: 'lookup',
  description: 'Looks up a number.',
  parameters: z.object({}),
  execute: () => ({ value: 42 }),
});

describe('MultimodalToolResultsPlugin (Python multimodal_tool_results_plugin)', () => {
  it("adds a tool's returned part to the next model request, once", async () => {
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('screenshot'),
        functionCallResponse('lookup'),
        textResponse('done'),
      ],
    });
    await runTurns(
      { plugins: [new MultimodalToolResultsPlugin()], model, tools: [screenshot, lookup] },
      ['look'],
    );
    const second = model.requests[1]!.contents;
    expect(second.at(-1)!.parts!.slice(1)).toEqual([IMAGE]);
    expect(second.at(-1)!.parts![0]!.functionResponse?.name).toBe('screenshot');
    // The part went with one request only, and the stored history never held it.
    expect(roleTexts(model.requests[2]!.contents)).toEqual([
      'user: look',
      'model: call screenshot',
      'user: response screenshot',
      'model: call lookup',
      'user: response lookup',
    ]);
  });

  it('adds every part of a returned list, in order', async () => {
    const model = new ScriptedLlm({
      responses: [functionCallResponse('frames'), textResponse('done')],
    });
    await runTurns({ plugins: [new MultimodalToolResultsPlugin()], model, tools: [frames] }, [
      'look',
    ]);
    expect(model.requests[1]!.contents.at(-1)!.parts!.slice(1)).toEqual([IMAGE, CAPTION]);
  });

  it("with retention 'session', keeps adding the parts to later requests of the invocation", async () => {
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('screenshot'),
        functionCallResponse('lookup'),
        textResponse('done'),
      ],
    });
    await runTurns(
      {
        plugins: [new MultimodalToolResultsPlugin({ retention: 'session' })],
        model,
        tools: [screenshot, lookup],
      },
      ['look'],
    );
    expect(model.requests[1]!.contents.at(-1)!.parts!.slice(1)).toEqual([IMAGE]);
    const third = model.requests[2]!.contents.at(-1)!;
    expect(third.parts![0]!.functionResponse?.name).toBe('lookup');
    expect(third.parts!.slice(1)).toEqual([IMAGE]);
  });

  it('returns any other result unchanged, which ends the after-tool chain as in Python', async () => {
    let agentCallbackRuns = 0;
    const model = new ScriptedLlm({
      responses: [functionCallResponse('lookup'), textResponse('done')],
    });
    const agent = new LlmAgent({
      name: 'root_agent',
      model,
      tools: [lookup],
      afterToolCallback: () => {
        agentCallbackRuns += 1;
        return undefined;
      },
    });
    const runner = new InMemoryRunner({
      agent,
      appName: 'test_app',
      plugins: [new MultimodalToolResultsPlugin()],
    });
    await runner.sessionService.createSession({ appName: 'test_app', userId: 'u', sessionId: 's' });
    for await (const _event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'n?' }] },
    })) {
      // drain
    }
    expect(agentCallbackRuns).toBe(0);
    // Client `adk-` ids are not sent to the model.
    expect(model.requests[1]!.contents.at(-1)!.parts).toEqual([
      { functionResponse: { name: 'lookup', response: { value: 42 } } },
    ]);
  });

  it('keeps the saved parts in temp: state, which is never stored', async () => {
    const model = new ScriptedLlm({
      responses: [functionCallResponse('screenshot'), textResponse('done')],
    });
    const { runner, events } = await runTurns(
      { plugins: [new MultimodalToolResultsPlugin()], model, tools: [screenshot] },
      ['look'],
    );
    expect(events.every((event) => !(PARTS_RETURNED_BY_TOOLS_ID in event.actions.stateDelta))).toBe(
      true,
    );
    const session = await runner.sessionService.getSession({
      appName: 'test_app',
      userId: 'u',
      sessionId: 's',
    });
    expect(session?.state).toEqual({});
  });

  it('recognises parts by their shape', () => {
    expect(isPart(IMAGE)).toBe(true);
    expect(isPart({ text: 'x', thought: true })).toBe(true);
    expect(isPart({ value: 42 })).toBe(false);
    expect(isPart({ text: 'x', extra: 1 })).toBe(false);
    expect(isPart({ thought: true })).toBe(false);
    expect(isPart([IMAGE])).toBe(false);
    expect(new MultimodalToolResultsPlugin().name).toBe('multimodal_tool_results_plugin');
  });
});
