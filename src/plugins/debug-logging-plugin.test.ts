import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { LlmResponse } from '../events/llm-response.js';
import { BasePlugin } from './base-plugin.js';
import { runTurns } from './bundled-plugins-test-fixtures.js';
import { DebugLoggingPlugin } from './debug-logging-plugin.js';
import { safeSerialize } from './debug-logging-serialize.js';

// Python: plugins/debug_logging_plugin.py and its unit tests.

interface Entry {
  timestamp: string;
  entry_type: string;
  invocation_id: string;
  agent_name?: string;
  data: Record<string, unknown>;
}
interface Document {
  invocation_id: string;
  session_id: string;
  app_name: string;
  user_id: string;
  start_time: string;
  entries: Entry[];
}

const weather = new FunctionTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }, context) => {
    context.state.set('last_city', city);
    return { city, sky: 'clear' };
  },
});
const broken = new FunctionTool({
  name: 'broken',
  description: 'Always fails.',
  parameters: z.object({}),
  execute: () => {
    throw new TypeError('no such station');
  },
});

/** Turns model and tool errors into answers, so that the run goes on and the file is written. */
class Recovery extends BasePlugin {
  constructor() {
    super('recovery');
  }
  override onModelErrorCallback(): LlmResponse {
    return { content: { role: 'model', parts: [{ functionCall: { name: 'broken', args: {} } }] } };
  }
  override onToolErrorCallback(): Record<string, unknown> {
    return { error: 'recovered' };
  }
}

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'adk-debug-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function documents(path: string): Promise<Document[]> {
  return parseAllDocuments(await readFile(path, 'utf8')).map(
    (document) => document.toJS() as Document,
  );
}

describe('DebugLoggingPlugin (Python debug_logging_plugin)', () => {
  it('appends each invocation to the file as one YAML document', async () => {
    const outputPath = join(directory, 'trace.yaml');
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('get_weather', { city: 'Lisbon' }),
        textResponse('Clear in Lisbon.', {
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 4, totalTokenCount: 16 },
        }),
        textResponse('Bye.'),
      ],
    });
    const { turns } = await runTurns(
      {
        plugins: [new DebugLoggingPlugin({ outputPath })],
        model,
        tools: [weather],
        instruction: 'Be brief.',
      },
      ['Weather in Lisbon?', 'Thanks'],
    );
    const written = await documents(outputPath);
    expect(written).toHaveLength(2);
    // Created owner-only: the file holds whole prompts and answers.
    expect((await stat(outputPath)).mode & 0o777).toBe(0o600);
    const [first, second] = written as [Document, Document];
    expect(first).toMatchObject({
      invocation_id: turns[0]![0]!.invocationId,
      session_id: 's',
      app_name: 'test_app',
      user_id: 'u',
    });
    expect(first.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    expect(first.entries.map((entry) => entry.entry_type)).toEqual([
      'user_message',
      'invocation_start',
      'agent_start',
      'llm_request',
      'llm_response',
      'event',
      'tool_call',
      'tool_response',
      'event',
      'llm_request',
      'llm_response',
      'event',
      'agent_end',
      'session_state_snapshot',
      'invocation_end',
    ]);
    const byType = (type: string): Entry[] =>
      first.entries.filter((entry) => entry.entry_type === type);
    expect(byType('user_message')[0]!.data).toEqual({
      content: { role: 'user', parts: [{ text: 'Weather in Lisbon?' }] },
    });
    const request = byType('llm_request')[0]!;
    expect(request.agent_name).toBe('root_agent');
    expect(request.data).toMatchObject({
      model: 'scripted-llm',
      content_count: 1,
      tools: ['get_weather'],
      config: {
        system_instruction: 'Be brief.\n\nYou are an agent. Your internal name is "root_agent".',
      },
    });
    expect(byType('tool_call')[0]!.data).toEqual({
      tool_name: 'get_weather',
      function_call_id: expect.stringMatching(/^adk-/) as unknown as string,
      args: { city: 'Lisbon' },
    });
    expect(byType('tool_response')[0]!.data['result']).toEqual({ city: 'Lisbon', sky: 'clear' });
    expect(byType('event')[1]!.data).toMatchObject({
      author: 'root_agent',
      is_final_response: false,
      actions: { state_delta: { last_city: 'Lisbon' } },
    });
    expect(byType('llm_response')[1]!.data['usage_metadata']).toEqual({
      prompt_token_count: 12,
      candidates_token_count: 4,
      total_token_count: 16,
    });
    expect(byType('event')[2]!.data['is_final_response']).toBe(true);
    expect(byType('session_state_snapshot')[0]!.data).toEqual({
      state: { last_city: 'Lisbon' },
      event_count: 4,
    });
    expect(second.entries[0]!.data).toEqual({
      content: { role: 'user', parts: [{ text: 'Thanks' }] },
    });
  });

  it('records model and tool errors', async () => {
    const outputPath = join(directory, 'errors.yaml');
    const model = new ScriptedLlm({
      responses: [new RangeError('quota'), functionCallResponse('broken'), textResponse('ok')],
    });
    await runTurns(
      { plugins: [new DebugLoggingPlugin({ outputPath }), new Recovery()], model, tools: [broken] },
      ['go'],
    );
    const [document] = await documents(outputPath);
    const modelError = document!.entries.find((entry) => entry.entry_type === 'llm_error')!;
    expect(modelError.data).toEqual({
      error_type: 'RangeError',
      error_message: 'quota',
      model: 'scripted-llm',
    });
    const toolError = document!.entries.find((entry) => entry.entry_type === 'tool_error')!;
    expect(toolError.data).toEqual({
      tool_name: 'broken',
      function_call_id: expect.stringMatching(/^adk-/) as unknown as string,
      args: {},
      error_type: 'TypeError',
      error_message: 'no such station',
    });
  });

  it('can leave out the session state and the instruction text', async () => {
    const outputPath = join(directory, 'brief.yaml');
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    await runTurns(
      {
        plugins: [
          new DebugLoggingPlugin({
            outputPath,
            includeSessionState: false,
            includeSystemInstruction: false,
          }),
        ],
        model,
        instruction: 'Be brief.',
      },
      ['hi'],
    );
    const [document] = await documents(outputPath);
    const types = document!.entries.map((entry) => entry.entry_type);
    expect(types).not.toContain('session_state_snapshot');
    const request = document!.entries.find((entry) => entry.entry_type === 'llm_request')!;
    expect(request.data['config']).toEqual({
      system_instruction_length:
        'Be brief.\n\nYou are an agent. Your internal name is "root_agent".'.length,
    });
  });

  it('writes inline bytes as their absence and byte arrays as their size', () => {
    expect(safeSerialize({ blob: new Uint8Array(5), none: null, list: [1, undefined] })).toEqual({
      blob: '<bytes: 5 bytes>',
      list: [1, null],
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(safeSerialize(cyclic)).toEqual({ a: 1, self: '<cycle>' });
    expect(new DebugLoggingPlugin().name).toBe('debug_logging_plugin');
  });
});
