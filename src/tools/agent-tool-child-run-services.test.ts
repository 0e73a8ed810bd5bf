import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { Context } from '../context/context.js';
import type { AfterModelHookArguments, AgentHookArguments } from '../context/hook-arguments.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { AgentTool, ForwardingArtifactService } from './agent-tool.js';
import { run, functionResponses } from './agent-tool-test-fixtures.js';

describe('AgentTool (Python AgentTool)', () => {
  describe('the child run', () => {
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
});
