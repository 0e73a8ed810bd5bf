import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { AgentHookArguments } from '../context/hook-arguments.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AgentTool, ForwardingArtifactService } from './agent-tool.js';
import { run, functionResponses, callTool, capturingAgent } from './agent-tool-test-fixtures.js';

async function session(runner: InMemoryRunner) {
  return (await runner.sessionService.getSession({
    appName: runner.appName,
    userId: 'u',
    sessionId: 's',
  }))!;
}

describe('AgentTool (Python AgentTool)', () => {
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
  });
});
