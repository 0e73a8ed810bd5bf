import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import { InMemoryArtifactService } from '../../artifacts/in-memory-artifact-service.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { ContextVariableNotFoundError } from '../../errors/context-variable-not-found-error.js';
import { createLlmRequest } from '../../models/llm-request.js';
import { ScriptedLlm } from '../../testing/scripted-llm.js';
import { createTestInvocationContext } from '../../testing/test-invocation-context.js';
import { injectSessionState } from '../../context/inject-session-state.js';
import { instructionsRequestProcessor } from './instructions.js';

const model = new ScriptedLlm({ responses: [] });

async function build(agent: LlmAgent, state: Record<string, unknown> = {}) {
  const context = await createTestInvocationContext({
    agent,
    state,
    artifactService: new InMemoryArtifactService(),
  });
  const request = createLlmRequest();
  for await (const _event of instructionsRequestProcessor.runAsync(context, request, agent));
  return { request, context };
}

describe('instructions processor (spec 000 §3.4; adk-python behaviour 15)', () => {
  it('fills {key}, {key?} and scoped keys from state, as Python str() renders values', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model,
      instruction: 'Hi {name}, {user:tier} tier, flags {flags}, missing [{nope?}], enabled {on}.',
    });
    const { request } = await build(agent, {
      name: 'Ada',
      'user:tier': 'gold',
      flags: { a: [1, 'x'] },
      on: true,
    });
    expect(request.config.systemInstruction).toBe(
      "Hi Ada, gold tier, flags {'a': [1, 'x']}, missing [], enabled True.",
    );
  });

  it('a None value (null written through context.state) renders as an empty string', async () => {
    const context = await createTestInvocationContext({});
    context.session.state['empty'] = null;
    expect(await injectSessionState('none [{empty}]', new ReadonlyContext(context))).toBe(
      'none []',
    );
  });

  it('a missing required key raises ContextVariableNotFoundError with Python’s message', async () => {
    const agent = new LlmAgent({ name: 'a', model, instruction: 'Hello {who}' });
    await expect(build(agent)).rejects.toSatisfy(
      (error: unknown) =>
        ContextVariableNotFoundError.isInstance(error) &&
        (error as Error).message === 'Context variable not found: `who`.',
    );
  });

  it('placeholders that are not valid names stay as written', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model,
      instruction: 'JSON {"k": 1} and {not a name} and {bad:prefix}',
    });
    const { request } = await build(agent);
    expect(request.config.systemInstruction).toBe(
      'JSON {"k": 1} and {not a name} and {bad:prefix}',
    );
  });

  it('a provider function is used as returned, never templated', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model,
      instruction: (context) => `Agent ${context.agentName} keeps {literal}`,
    });
    const { request } = await build(agent);
    expect(request.config.systemInstruction).toBe('Agent a keeps {literal}');
  });

  it('a static instruction is literal and moves the dynamic one into user content', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model,
      staticInstruction: 'Static {name}',
      instruction: 'Dynamic {name}',
    });
    const { request } = await build(agent, { name: 'Ada' });
    expect(request.config.systemInstruction).toBe('Static {name}');
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'Dynamic Ada' }] }]);
  });

  it('non-text static parts are referenced and carried as user contents', async () => {
    const inlineData = { data: 'Zm9v', mimeType: 'image/png', displayName: 'logo.png' };
    const agent = new LlmAgent({
      name: 'a',
      model,
      staticInstruction: {
        role: 'user',
        parts: [
          { text: 'Use the logo.' },
          { inlineData },
          { fileData: { fileUri: 'gs://b/f.pdf', mimeType: 'application/pdf' } },
        ],
      },
    });
    const { request } = await build(agent);
    expect(request.config.systemInstruction).toBe(
      "Use the logo.\n\n[Reference to inline binary data: inline_data_0 ('logo.png', type: image/png)]\n\n" +
        '[Reference to file data: file_data_1 (URI: gs://b/f.pdf, type: application/pdf)]',
    );
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Referenced inline data: inline_data_0' }, { inlineData }] },
      {
        role: 'user',
        parts: [
          { text: 'Referenced file data: file_data_1' },
          { fileData: { fileUri: 'gs://b/f.pdf', mimeType: 'application/pdf' } },
        ],
      },
    ]);
  });

  it('the root agent’s global instruction comes first, for every agent of the tree', async () => {
    const child = new LlmAgent({ name: 'child', model, instruction: 'Child.' });
    new LlmAgent({
      name: 'root',
      model,
      globalInstruction: 'Global for {name}.',
      subAgents: [child],
    });
    const { request } = await build(child, { name: 'Ada' });
    expect(request.config.systemInstruction).toBe('Global for Ada.\n\nChild.');
  });

  it('{artifact.name} is filled with the artifact’s text', async () => {
    const agent = new LlmAgent({ name: 'a', model, instruction: 'Notes: {artifact.notes.txt}' });
    const context = await createTestInvocationContext({
      agent,
      artifactService: new InMemoryArtifactService(),
    });
    await context.artifactService!.saveArtifact({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
      filename: 'notes.txt',
      artifact: { text: 'remember milk' },
    });
    expect(
      await injectSessionState('Notes: {artifact.notes.txt}', new ReadonlyContext(context)),
    ).toBe('Notes: remember milk');
  });

  it('plain-text instructions, providers, templates and overridden canonical methods', async () => {
    const sub = new LlmAgent({ name: 'sub', model, instruction: 'Be brief.' });
    new LlmAgent({
      name: 'root',
      model,
      instruction: 'Route.',
      globalInstruction: 'Be kind.',
      subAgents: [sub],
    });
    const { request } = await build(sub);
    expect(request.config.systemInstruction).toBe('Be kind.\n\nBe brief.');

    // A provider's text is never templated; an overridden canonical method is used.
    const provided = new LlmAgent({ name: 'p', model, instruction: () => 'From {provider}.' });
    const { request: providedRequest } = await build(provided);
    expect(providedRequest.config.systemInstruction).toBe('From {provider}.');
    class Custom extends LlmAgent {
      override async canonicalInstruction() {
        return { instruction: 'Overridden.', bypassStateInjection: true };
      }
    }
    const custom = new Custom({ name: 'c', model, instruction: 'Plain.' });
    const { request: customRequest } = await build(custom);
    expect(customRequest.config.systemInstruction).toBe('Overridden.');
  });
});
