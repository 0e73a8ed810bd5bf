import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { Context } from '../context/context.js';
import type { AfterModelHookArguments, AgentHookArguments } from '../context/hook-arguments.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { eventFromSnakeCaseJson } from '../events/event-json.js';
import type { Event, EventInit } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { ScriptedAgent, userText } from '../testing/test-agents.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { Content, FunctionDeclaration, Part } from '../types/index.js';
import {
  AGENT_TOOL_STRUCTURED_REQUEST_PREFIX,
  AgentTool,
  ForwardingArtifactService,
} from './agent-tool.js';

// The conformance corpus sits beside the repository (../shared/conformance);
// ADK_CONFORMANCE_DIR points elsewhere. Its tests are skipped without one.
const CORPUS =
  process.env['ADK_CONFORMANCE_DIR'] ??
  fileURLToPath(new URL('../../../shared/conformance', import.meta.url));
const CASE_DIR = join(CORPUS, 'tests', 'tool', 'agent_tool_001');
const AGENT_DIR = join(CORPUS, 'agents', 'tools_agent_003');
const hasCorpus = existsSync(CASE_DIR) && existsSync(AGENT_DIR);

interface RecordedRequest {
  model: string;
  contents: unknown[];
  config: {
    system_instruction: string;
    tools?: { function_declarations: FunctionDeclaration[] }[];
  };
}
interface Recording {
  agent_name: string;
  llm_recording?: { llm_request: RecordedRequest; llm_response: Record<string, unknown> };
  tool_recording?: {
    tool_call: { name: string; args: Record<string, unknown> };
    tool_response: { name: string; response: { result: string } };
  };
}

function recordings(): Recording[] {
  const file = readFileSync(join(CASE_DIR, 'generated-recordings.yaml'), 'utf8');
  return (parse(file) as { recordings: Recording[] }).recordings;
}

function agentYaml(file: string): { name: string; description: string; instruction: string } {
  return parse(readFileSync(join(AGENT_DIR, file), 'utf8')) as {
    name: string;
    description: string;
    instruction: string;
  };
}

/** A recorded snake_case model response as the model adapter would return it. */
function toLlmResponse(json: Record<string, unknown>): LlmResponse {
  const event = eventFromSnakeCaseJson({ ...json, author: 'model', timestamp: 0 });
  return {
    content: event.content!,
    ...(event.finishReason ? { finishReason: event.finishReason } : {}),
    ...(event.usageMetadata ? { usageMetadata: event.usageMetadata } : {}),
  };
}

/** A recorded snake_case content, converted as event JSON is. */
function toContent(json: unknown): Content {
  return eventFromSnakeCaseJson({ author: 'x', timestamp: 0, content: json }).content!;
}

async function run(
  runner: InMemoryRunner,
  message: string,
  state: Record<string, unknown> = {},
): Promise<Event[]> {
  await runner.sessionService.createSession({
    appName: runner.appName,
    userId: 'u',
    sessionId: 's',
    state,
  });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(message),
  })) {
    events.push(event);
  }
  return events;
}

async function session(runner: InMemoryRunner) {
  return (await runner.sessionService.getSession({
    appName: runner.appName,
    userId: 'u',
    sessionId: 's',
  }))!;
}

function functionResponses(events: readonly Event[]): Part['functionResponse'][] {
  return events.flatMap((event) =>
    (event.content?.parts ?? [])
      .filter((part) => part.functionResponse)
      .map((part) => part.functionResponse),
  );
}

/** Runs `tool` directly in a tool context of a fresh test invocation. */
async function callTool(
  tool: AgentTool,
  args: Record<string, unknown>,
  contextOptions: Parameters<typeof createTestInvocationContext>[0] = {},
): Promise<{ result: unknown; context: Context }> {
  const context = new Context(await createTestInvocationContext(contextOptions), {
    functionCallId: 'call-1',
  });
  return { result: await tool.runAsync({ args, context }), context };
}

/** An agent that records the invocation it runs in and answers with `events`. */
function capturingAgent() {
  const seen: InvocationContext[] = [];
  const agent = new ScriptedAgent({
    name: 'inner_agent',
    description: 'static',
    steps: [
      (context) => {
        seen.push(context);
      },
    ],
  });
  return { agent, seen };
}

describe('AgentTool (Python AgentTool)', () => {
  describe.skipIf(!hasCorpus)('conformance: tool/agent_tool_001 (FUNCTIONS.md §5.3)', () => {
    it('declares each agent as the recording holds it: its name and description, one required STRING `request`, a STRING response', () => {
      const recorded =
        recordings()[0]!.llm_recording!.llm_request.config.tools![0]!.function_declarations;
      const tools = ['greeting_agent.yaml', 'identity_agent.yaml'].map((file) => {
        const config = agentYaml(file);
        return new AgentTool({
          agent: new LlmAgent({
            name: config.name,
            description: config.description,
            instruction: config.instruction,
          }),
        });
      });
      expect(JSON.stringify(tools.map((tool) => tool.getDeclaration()))).toBe(
        JSON.stringify(recorded),
      );
    });

    it('reproduces the recorded Python requests and tool responses end to end', async () => {
      const all = recordings();
      const llm = all.filter((recording) => recording.llm_recording);
      const toolResults = new Map(
        all
          .filter((recording) => recording.tool_recording)
          .map((recording) => [
            recording.tool_recording!.tool_call.name,
            recording.tool_recording!,
          ]),
      );
      const subAgent = (file: string) => {
        const config = agentYaml(file);
        const model = new ScriptedLlm({
          model: 'gemini-2.5-flash',
          responses: [textResponse(toolResults.get(config.name)!.tool_response.response.result)],
        });
        const agent = new LlmAgent({
          name: config.name,
          description: config.description,
          instruction: config.instruction,
          model,
        });
        return { agent, model };
      };
      const greeting = subAgent('greeting_agent.yaml');
      const identity = subAgent('identity_agent.yaml');
      const rootConfig = agentYaml('root_agent.yaml');
      const rootModel = new ScriptedLlm({
        model: 'gemini-2.5-flash',
        responses: llm.map((recording) => toLlmResponse(recording.llm_recording!.llm_response)),
      });
      const root = new LlmAgent({
        name: rootConfig.name,
        description: rootConfig.description,
        instruction: rootConfig.instruction,
        model: rootModel,
        tools: [new AgentTool({ agent: greeting.agent }), new AgentTool({ agent: identity.agent })],
      });
      const runner = new InMemoryRunner({ agent: root, appName: 'tools_agent_003' });
      const spec = parse(readFileSync(join(CASE_DIR, 'spec.yaml'), 'utf8')) as {
        user_messages: { text: string }[];
      };
      const events = await run(runner, spec.user_messages[0]!.text);

      expect(rootModel.requests).toHaveLength(llm.length);
      rootModel.requests.forEach((request, index) => {
        const recorded = llm[index]!.llm_recording!.llm_request;
        expect(request.model).toBe(recorded.model);
        expect(request.config.systemInstruction).toBe(recorded.config.system_instruction);
        expect(JSON.stringify(request.config.tools)).toBe(
          JSON.stringify(
            recorded.config.tools!.map((tool) => ({
              functionDeclarations: tool.function_declarations,
            })),
          ),
        );
        expect(request.contents).toEqual(recorded.contents.map(toContent));
      });
      // Each wrapped agent got the model's `request` as its only user message.
      for (const { agent, model } of [greeting, identity]) {
        expect(model.requests).toHaveLength(1);
        expect(model.requests[0]!.contents).toEqual([
          userText(toolResults.get(agent.name)!.tool_call.args['request'] as string),
        ]);
      }
      expect(functionResponses(events).map((response) => response?.response)).toEqual(
        [...toolResults.values()].map((recording) => recording.tool_response.response),
      );
      expect(events.at(-1)?.content?.parts?.[0]?.text).toBe(
        (llm.at(-1)!.llm_recording!.llm_response['content'] as Content).parts![0]!.text,
      );
    });
  });

  describe('declaration (Python _get_declaration)', () => {
    it('takes the input schema as parameters and answers OBJECT when the agent has an output schema', () => {
      const agent = new LlmAgent({
        name: 'tool_agent',
        description: 'This is the agent description that should be used',
        inputSchema: z.object({ custom_input: z.string() }),
        outputSchema: z.object({ custom_output: z.string() }),
      });
      expect(new AgentTool({ agent }).getDeclaration()).toEqual({
        description: 'This is the agent description that should be used',
        name: 'tool_agent',
        parameters: {
          properties: { custom_input: { type: 'STRING' } },
          required: ['custom_input'],
          type: 'OBJECT',
        },
        response: { type: 'OBJECT' },
      });
    });

    it('answers STRING for an input schema without an output schema (test_agent_tool_response_schema_with_input_schema_no_output)', () => {
      const agent = new LlmAgent({
        name: 'tool_agent',
        inputSchema: z.object({ custom_input: z.string() }),
      });
      const declaration = new AgentTool({ agent }).getDeclaration();
      expect(declaration.response).toEqual({ type: 'STRING' });
      expect(declaration.description).toBe('');
    });

    it("finds a workflow agent's input schema in its first sub-agent and output schema in its last, recursively (TestAgentToolWithCompositeAgents)", () => {
      const first = new LlmAgent({
        name: 'first_agent',
        inputSchema: z.object({ deep_query: z.string() }),
      });
      const last = new LlmAgent({
        name: 'second_agent',
        outputSchema: z.object({ result: z.string() }),
      });
      const outer = new SequentialAgent({
        name: 'outer_sequence',
        description: 'Nested sequence',
        subAgents: [new SequentialAgent({ name: 'inner_sequence', subAgents: [first] }), last],
      });
      const declaration = new AgentTool({ agent: outer }).getDeclaration();
      expect(declaration.name).toBe('outer_sequence');
      expect(declaration.description).toBe('Nested sequence');
      expect(declaration.parameters?.properties).toEqual({ deep_query: { type: 'STRING' } });
      expect(declaration.response).toEqual({ type: 'OBJECT' });

      const empty = new AgentTool({ agent: new SequentialAgent({ name: 'empty_sequence' }) });
      expect(empty.getDeclaration().parameters?.properties).toEqual({
        request: { type: 'STRING' },
      });
      expect(empty.getDeclaration().response).toEqual({ type: 'STRING' });
    });

    it('returns a fresh copy each time', () => {
      const tool = new AgentTool({
        agent: new LlmAgent({ name: 'a', inputSchema: z.object({ q: z.string() }) }),
      });
      tool.getDeclaration().parameters!.required!.push('x');
      expect(tool.getDeclaration().parameters!.required).toEqual(['q']);
    });
  });

  describe('the request sent to the agent (Python run_async)', () => {
    it.each([
      [
        { brand: 'Nike', product: 'running shoes' },
        '{"brand": "Nike", "product": "running shoes"}',
      ],
      [
        { product: 'Schuhe für Läufer', brand: 'Nike', n: 2 },
        '{"brand": "Nike", "n": 2, "product": "Schuhe für Läufer"}',
      ],
      [{ request: 'find me Nike running shoes' }, 'find me Nike running shoes'],
      [{ request: '' }, ''],
    ])('sends %j as %j (test_no_schema_args_handling)', async (args, expected) => {
      const { agent, seen } = capturingAgent();
      await callTool(new AgentTool({ agent }), args);
      expect(seen[0]!.userContent).toEqual({ role: 'user', parts: [{ text: expected }] });
    });

    it('rejects a request that is not a string', async () => {
      const { agent } = capturingAgent();
      await expect(callTool(new AgentTool({ agent }), { request: 3 })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
      });
    });

    it('wraps the input-schema JSON in the structured-request prompt when there is no output schema', async () => {
      const model = new ScriptedLlm({ responses: [textResponse('done')] });
      const agent = new LlmAgent({
        name: 'inner_agent',
        model,
        inputSchema: z.object({ custom_input: z.string(), note: z.string().nullable() }),
      });
      await callTool(new AgentTool({ agent }), { custom_input: 'test_value', note: null });
      expect(model.requests[0]!.contents.at(-1)).toEqual({
        role: 'user',
        parts: [{ text: `${AGENT_TOOL_STRUCTURED_REQUEST_PREFIX}{"custom_input":"test_value"}` }],
      });
      expect(AGENT_TOOL_STRUCTURED_REQUEST_PREFIX).toBe(
        'Process the following structured request. Use your available tools as needed to gather information or perform actions before producing the final response.\n\nRequest:\n',
      );
    });

    it('sends the bare JSON when the agent also has an output schema, and returns the parsed answer', async () => {
      const model = new ScriptedLlm({
        responses: [textResponse('{"result": "hi", "extra": null}')],
      });
      const agent = new LlmAgent({
        name: 'inner_agent',
        model,
        inputSchema: z.object({ query: z.string(), limit: z.number() }),
        outputSchema: z.object({ result: z.string(), extra: z.string().nullable() }),
      });
      const { result } = await callTool(new AgentTool({ agent }), { query: 'hello', limit: 5 });
      expect(model.requests[0]!.contents.at(-1)?.parts).toEqual([
        { text: '{"query":"hello","limit":5}' },
      ]);
      expect(result).toEqual({ result: 'hi' });
    });

    it('rejects arguments the input schema refuses', async () => {
      const agent = new LlmAgent({
        name: 'inner_agent',
        model: new ScriptedLlm({ responses: [] }),
        inputSchema: z.object({ query: z.string() }),
      });
      await expect(callTool(new AgentTool({ agent }), { query: 1 })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
      });
    });
  });

  describe('the child run', () => {
    it("uses a fresh session of the parent's app and user, with a copy of its state minus _adk keys (test_agent_tool_inherits_parent_app_name)", async () => {
      const { agent, seen } = capturingAgent();
      const { context } = await callTool(
        new AgentTool({ agent }),
        { request: 'hi' },
        {
          state: { shared: 1, 'user:name': 'Ann', _adk_replay_config: { dir: 'x' } },
        },
      );
      const child = seen[0]!;
      expect(child.session.appName).toBe('app');
      expect(child.session.userId).toBe('u');
      expect(child.session.id).not.toBe(context.sessionId);
      expect(child.session.state).toEqual({ shared: 1, 'user:name': 'Ann' });
      expect(child.invocationId).not.toBe(context.invocationId);
      expect(child.artifactService).toBeInstanceOf(ForwardingArtifactService);
      expect(child.session.events.map((event) => event.author)).toEqual(['user']);
    });

    it('copies state keys named __proto__, constructor and prototype as own keys (issue 16 §5)', async () => {
      const { agent, seen } = capturingAgent();
      const state = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 2, "prototype": 3}');
      await callTool(new AgentTool({ agent }), { request: 'hi' }, { state });
      const childState = seen[0]!.session.state;
      expect(Object.getPrototypeOf(childState)).toBe(Object.prototype);
      expect(Object.keys(childState)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.getOwnPropertyDescriptor(childState, '__proto__')?.value).toEqual({
        polluted: 1,
      });
    });

    it("forwards the child's state changes to the caller's state, but no temp: keys (test_update_state)", async () => {
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('tool_agent', { request: 'test1' }),
          textResponse('response2'),
        ],
      });
      const childModel = new ScriptedLlm({
        responses: [textResponse('{"custom_output": "response1"}')],
      });
      const toolAgent = new LlmAgent({
        name: 'tool_agent',
        model: childModel,
        instruction: 'input: {state_1}',
        beforeAgentCallback: ({ context }: AgentHookArguments) => {
          context.state.set('state_1', 'changed_value');
          context.state.set('temp:scratch', 'x');
          return undefined;
        },
      });
      const root = new LlmAgent({
        name: 'root_agent',
        model,
        tools: [new AgentTool({ agent: toolAgent })],
      });
      const runner = new InMemoryRunner({ agent: root, appName: 'test_app' });
      const events = await run(runner, 'test1', { state_1: 'state1_value' });

      expect(childModel.requests[0]!.config.systemInstruction).toContain('input: changed_value');
      const stored = await session(runner);
      expect(stored.state['state_1']).toBe('changed_value');
      expect(stored.state).not.toHaveProperty('temp:scratch');
      const responseEvent = events.find((event) => functionResponses([event]).length > 0)!;
      expect(responseEvent.actions.stateDelta).toEqual({ state_1: 'changed_value' });
      expect(functionResponses(events)[0]?.response).toEqual({
        result: '{"custom_output": "response1"}',
      });
    });

    it("returns the output-schema value and forwards the child's output_key (test_custom_schema)", async () => {
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('tool_agent', { custom_input: 'test1' }),
          textResponse('{"custom_output": "response1"}'),
          textResponse('response2'),
        ],
      });
      const toolAgent = new LlmAgent({
        name: 'tool_agent',
        model,
        inputSchema: z.object({ custom_input: z.string() }),
        outputSchema: z.object({ custom_output: z.string() }),
        outputKey: 'tool_output',
      });
      const root = new LlmAgent({
        name: 'root_agent',
        model,
        tools: [new AgentTool({ agent: toolAgent })],
      });
      const runner = new InMemoryRunner({ agent: root, appName: 'test_app' });
      const events = await run(runner, 'test1');

      expect(events.map((event) => event.author)).toEqual([
        'root_agent',
        'root_agent',
        'root_agent',
      ]);
      expect(functionResponses(events)[0]).toMatchObject({
        name: 'tool_agent',
        response: { custom_output: 'response1' },
      });
      expect((await session(runner)).state['tool_output']).toEqual({ custom_output: 'response1' });
      expect(model.requests).toHaveLength(3);
      expect(model.requests[1]!.config.responseMimeType).toBe('application/json');
    });

    it("reads and writes the caller's artifacts through ForwardingArtifactService (test_update_artifacts)", async () => {
      const toolAgent = new SequentialAgent({
        name: 'tool_agent',
        beforeAgentCallback: async ({ context }: AgentHookArguments) => {
          const artifact = await context.loadArtifact('artifact_1');
          await context.saveArtifact('artifact_2', { text: `${artifact?.text} 2` });
          return undefined;
        },
      });
      const root = new LlmAgent({
        name: 'root_agent',
        model: new ScriptedLlm({
          responses: [
            functionCallResponse('tool_agent', { request: 'test1' }),
            textResponse('response2'),
          ],
        }),
        tools: [new AgentTool({ agent: toolAgent })],
        beforeAgentCallback: async ({ context }: AgentHookArguments) => {
          await context.saveArtifact('artifact_1', { text: 'test' });
          return undefined;
        },
        afterAgentCallback: async ({ context }: AgentHookArguments) => {
          const artifact = await context.loadArtifact('artifact_2');
          await context.saveArtifact('artifact_3', { text: `${artifact?.text} 3` });
          return undefined;
        },
      });
      const runner = new InMemoryRunner({ agent: root, appName: 'test_app' });
      const events = await run(runner, 'test1');

      const service = runner.artifactService!;
      const key = { appName: 'test_app', userId: 'u', sessionId: 's' };
      expect(await service.listArtifactKeys(key)).toEqual([
        'artifact_1',
        'artifact_2',
        'artifact_3',
      ]);
      expect(await service.loadArtifact({ ...key, filename: 'artifact_3' })).toEqual({
        text: 'test 2 3',
      });
      const responseEvent = events.find((event) => functionResponses([event]).length > 0)!;
      expect(responseEvent.actions.artifactDelta).toEqual({ artifact_2: 0 });
    });

    it("forwards the other artifact calls to the caller's session", async () => {
      const context = new Context(
        await createTestInvocationContext({
          artifactService: new InMemoryArtifactService(),
        }),
        { functionCallId: 'call-1' },
      );
      const forwarding = new ForwardingArtifactService(context);
      const elsewhere = {
        appName: 'other',
        userId: 'other',
        sessionId: 'other',
        filename: 'f.txt',
      };
      expect(await forwarding.saveArtifact({ ...elsewhere, artifact: { text: 'a' } })).toBe(0);
      expect(await forwarding.saveArtifact({ ...elsewhere, artifact: { text: 'b' } })).toBe(1);
      expect(await forwarding.listVersions(elsewhere)).toEqual([0, 1]);
      expect((await forwarding.listArtifactVersions(elsewhere)).map((v) => v.version)).toEqual([
        0, 1,
      ]);
      expect((await forwarding.getArtifactVersion({ ...elsewhere, version: 0 }))?.version).toBe(0);
      expect(await forwarding.loadArtifact({ ...elsewhere, version: 0 })).toEqual({ text: 'a' });
      expect(await forwarding.listArtifactKeys(elsewhere)).toEqual(['f.txt']);
      await forwarding.deleteArtifact(elsewhere);
      expect(await context.listArtifacts()).toEqual([]);
      expect(context.actions.artifactDelta).toEqual({ 'f.txt': 1 });
    });

    it('throws ServiceNotConfiguredError when the caller has no artifact service', async () => {
      const context = new Context(await createTestInvocationContext(), { functionCallId: 'c' });
      const forwarding = new ForwardingArtifactService(context);
      await expect(
        forwarding.listVersions({ appName: 'a', userId: 'u', filename: 'f' }),
      ).rejects.toMatchObject({
        name: 'ServiceNotConfiguredError',
        message: 'Artifact service is not initialized.',
      });
    });

    class TrackingPlugin extends BasePlugin {
      beforeAgentCalls = 0;
      beforeRunCalls = 0;
      readonly modelResponses: Record<string, string[]> = {};

      override beforeAgentCallback(): undefined {
        this.beforeAgentCalls += 1;
        return undefined;
      }

      override beforeRunCallback(): undefined {
        this.beforeRunCalls += 1;
        return undefined;
      }

      override afterModelCallback({ context, response }: AfterModelHookArguments): undefined {
        const text = (response.content?.parts ?? []).map((part) => part.text ?? '').join('');
        if (text) (this.modelResponses[context.agentName] ??= []).push(text);
        return undefined;
      }
    }

    function pluginSetup(includePlugins?: boolean) {
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('tool_agent', { request: 'test1' }),
          textResponse('response1'),
          textResponse('response2'),
        ],
      });
      const toolAgent = new LlmAgent({ name: 'tool_agent', model });
      const root = new LlmAgent({
        name: 'root_agent',
        model,
        tools: [
          new AgentTool({
            agent: toolAgent,
            ...(includePlugins === undefined ? {} : { includePlugins }),
          }),
        ],
      });
      const plugin = new TrackingPlugin('tracking');
      const runner = new InMemoryRunner({ agent: root, appName: 'test_app', plugins: [plugin] });
      return { runner, plugin };
    }

    it("runs the caller's plugins in the child by default (test_include_plugins_default_true, test_use_plugins)", async () => {
      const { runner, plugin } = pluginSetup();
      await run(runner, 'test1');
      expect(plugin.beforeAgentCalls).toBe(2);
      expect(plugin.beforeRunCalls).toBe(2);
      expect(plugin.modelResponses).toEqual({
        tool_agent: ['response1'],
        root_agent: ['response2'],
      });
    });

    it('runs the child without plugins when includePlugins is false (test_include_plugins_false)', async () => {
      const { runner, plugin } = pluginSetup(false);
      await run(runner, 'test1');
      expect(plugin.beforeAgentCalls).toBe(1);
      expect(plugin.beforeRunCalls).toBe(1);
      expect(plugin.modelResponses).toEqual({ root_agent: ['response2'] });
    });

    it("ends the caller's turn with the tool result when skipSummarization is set", async () => {
      const rootModel = new ScriptedLlm({
        responses: [
          functionCallResponse('tool_agent', { request: 'test1' }),
          textResponse('final_summary_text_that_should_not_be_reached'),
        ],
      });
      const toolAgent = new LlmAgent({
        name: 'tool_agent',
        model: new ScriptedLlm({ responses: [textResponse('tool_response_text')] }),
      });
      const root = new LlmAgent({
        name: 'root_agent',
        model: rootModel,
        tools: [new AgentTool({ agent: toolAgent, skipSummarization: true })],
      });
      const events = await run(new InMemoryRunner({ agent: root, appName: 'test_app' }), 'start');
      expect(rootModel.requests).toHaveLength(1);
      const last = events.at(-1)!;
      expect(last.actions.skipSummarization).toBe(true);
      expect(functionResponses([last])[0]?.response).toEqual({ result: 'tool_response_text' });
    });
  });

  describe('the result (Python _part_to_text and error handling)', () => {
    async function resultOf(...steps: Omit<EventInit, 'author'>[]) {
      const agent = new ScriptedAgent({ name: 'inner_agent', description: 'static', steps });
      return (await callTool(new AgentTool({ agent }), { request: 'test request' })).result;
    }

    it('joins the text of the last content with newlines (test_run_async_extracts_text_only)', async () => {
      expect(await resultOf({ content: { role: 'model', parts: [{ text: 'hello world' }] } })).toBe(
        'hello world',
      );
      expect(
        await resultOf(
          { content: { role: 'model', parts: [{ text: 'first' }] } },
          { content: { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] } },
        ),
      ).toBe('a\nb');
    });

    it('includes code and code results, without trailing newlines (test_run_async_extracts_text_and_code_execution_result)', async () => {
      const parts: Part[] = [
        { text: 'Here is the answer:' },
        { executableCode: { code: 'print(2 ** 10)' } },
        { codeExecutionResult: { output: '1024\n' } },
      ];
      expect(await resultOf({ content: { role: 'model', parts } })).toBe(
        'Here is the answer:\nprint(2 ** 10)\n1024',
      );
    });

    it('skips thought parts (test_run_async_skips_thought_parts)', async () => {
      const parts: Part[] = [
        { text: 'thinking out loud', thought: true },
        { codeExecutionResult: { output: '42\n' } },
      ];
      expect(await resultOf({ content: { role: 'model', parts } })).toBe('42');
    });

    it('returns the last error message when no content or no text remains (test_run_async_preserves_error_*)', async () => {
      expect(await resultOf({ errorMessage: 'A2A request failed: 503' })).toBe(
        'A2A request failed: 503',
      );
      expect(
        await resultOf(
          { content: { role: 'model', parts: [{ text: 'thinking', thought: true }] } },
          { errorMessage: 'A2A request failed: 503' },
        ),
      ).toBe('A2A request failed: 503');
    });

    it("returns '' when the agent says nothing (test_run_async_handles_none_parts_in_response)", async () => {
      expect(await resultOf()).toBe('');
      expect(await resultOf({ content: { role: 'model' } })).toBe('');
    });

    it('copies the last grounding metadata to temp:_adk_grounding_metadata when asked', async () => {
      const agent = new ScriptedAgent({
        name: 'inner_agent',
        steps: [
          {
            content: { role: 'model', parts: [{ text: 'found' }] },
            groundingMetadata: { webSearchQueries: ['q'] },
          },
        ],
      });
      const plain = await callTool(new AgentTool({ agent }), { request: 'r' });
      expect(plain.context.state.has('temp:_adk_grounding_metadata')).toBe(false);
      const { result, context } = await callTool(
        new AgentTool({ agent, propagateGroundingMetadata: true }),
        { request: 'r' },
      );
      expect(result).toBe('found');
      expect(context.state.get('temp:_adk_grounding_metadata')).toEqual({
        webSearchQueries: ['q'],
      });
    });
  });
});
