import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LlmAgent } from '../agents/llm-agent.js';
import { eventFromSnakeCaseJson } from '../events/event-json.js';
import type { LlmResponse } from '../events/llm-response.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import type { Content, FunctionDeclaration } from '../types/index.js';
import { AgentTool } from './agent-tool.js';
import { run, functionResponses } from './agent-tool-test-fixtures.js';

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
});
