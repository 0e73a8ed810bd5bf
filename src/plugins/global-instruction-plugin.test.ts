import { describe, expect, it } from 'vitest';
import { Context } from '../context/context.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import { ContextVariableNotFoundError } from '../errors/context-variable-not-found-error.js';
import { PluginCallbackError } from '../errors/plugin-callback-error.js';
import { createLlmRequest } from '../models/llm-request.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { GenerateContentConfig } from '../types/index.js';
import { runTurns } from './bundled-plugins-test-fixtures.js';
import { GlobalInstructionPlugin } from './global-instruction-plugin.js';

// Python: plugins/global_instruction_plugin.py and its unit tests.

async function applied(
  plugin: GlobalInstructionPlugin,
  systemInstruction: GenerateContentConfig['systemInstruction'],
): Promise<GenerateContentConfig['systemInstruction']> {
  const request = createLlmRequest({
    config: systemInstruction === undefined ? {} : { systemInstruction },
  });
  const context = new Context(await createTestInvocationContext());
  expect(await plugin.beforeModelCallback({ context, request })).toBeUndefined();
  return request.config.systemInstruction;
}

describe('GlobalInstructionPlugin (Python global_instruction_plugin)', () => {
  it("leads every agent's system instruction, with session state filled in", async () => {
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    const plugin = new GlobalInstructionPlugin({
      globalInstruction: 'You serve {customer}. Be formal.',
    });
    await runTurns(
      {
        plugins: [plugin],
        model,
        instruction: 'Answer questions about orders.',
        state: { customer: 'ACME' },
      },
      ['hi'],
    );
    expect(model.requests[0]!.config.systemInstruction).toBe(
      'You serve ACME. Be formal.\n\nAnswer questions about orders.\n\n' +
        'You are an agent. Your internal name is "root_agent".',
    );
  });

  it('uses a provider as it answers, without filling placeholders', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    const plugin = new GlobalInstructionPlugin({
      globalInstruction: async (context: ReadonlyContext) =>
        Promise.resolve(`Agent ${context.agentName} answers for {tenant}.`),
    });
    await runTurns({ plugins: [plugin], model }, ['hi']);
    const instruction = String(model.requests[0]!.config.systemInstruction);
    expect(instruction.startsWith('Agent root_agent answers for {tenant}.\n\n')).toBe(true);
  });

  it('becomes the system instruction when there is none', async () => {
    const plugin = new GlobalInstructionPlugin({ globalInstruction: 'Global.' });
    expect(await applied(plugin, undefined)).toBe('Global.');
    expect(await applied(plugin, '')).toBe('Global.');
  });

  it('goes first in a list, and first among the parts of a Content', async () => {
    const plugin = new GlobalInstructionPlugin({ globalInstruction: 'Global.' });
    expect(await applied(plugin, ['one', { text: 'two' }])).toEqual([
      'Global.',
      'one',
      { text: 'two' },
    ]);
    const content = { role: 'user', parts: [{ text: 'agent' }] };
    expect(await applied(plugin, content)).toEqual({
      role: 'user',
      parts: [{ text: 'Global.' }, { text: 'agent' }],
    });
    // The agent's own Content is left as it was.
    expect(content.parts).toEqual([{ text: 'agent' }]);
    expect(await applied(plugin, { text: 'part' })).toEqual(['Global.', { text: 'part' }]);
  });

  it('changes nothing when the instruction is empty or resolves empty', async () => {
    expect(await applied(new GlobalInstructionPlugin(), 'Own.')).toBe('Own.');
    expect(
      await applied(new GlobalInstructionPlugin({ globalInstruction: () => '' }), 'Own.'),
    ).toBe('Own.');
  });

  it('fails the call, naming itself, when a required state key is missing', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    const plugin = new GlobalInstructionPlugin({ globalInstruction: 'For {missing}.' });
    const run = runTurns({ plugins: [plugin], model }, ['hi']);
    const error = await run.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(PluginCallbackError.isInstance(error)).toBe(true);
    expect(ContextVariableNotFoundError.isInstance((error as Error).cause)).toBe(true);
    expect(model.requests).toHaveLength(0);
  });

  it('is named global_instruction unless told otherwise', () => {
    expect(new GlobalInstructionPlugin().name).toBe('global_instruction');
    expect(new GlobalInstructionPlugin({ name: 'brand' }).name).toBe('brand');
  });
});
