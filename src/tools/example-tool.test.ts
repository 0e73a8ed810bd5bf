import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LlmAgent } from '../agents/llm-agent.js';
import { Context } from '../context/context.js';
import { createLlmRequest } from '../models/llm-request.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { Content } from '../types/index.js';
import {
  BaseExampleProvider,
  buildExampleSi,
  convertExamplesToText,
  ExampleTool,
  type Example,
} from './example-tool.js';

// The conformance corpus sits beside the repository (../shared/conformance);
// ADK_CONFORMANCE_DIR points elsewhere. Its tests are skipped without one.
const CORPUS =
  process.env['ADK_CONFORMANCE_DIR'] ??
  fileURLToPath(new URL('../../../shared/conformance', import.meta.url));
const CASE_DIR = join(CORPUS, 'tests', 'tool', 'example_tool_001');
const AGENT_FILE = join(CORPUS, 'agents', 'tools_agent_007', 'root_agent.yaml');
const hasCorpus = existsSync(CASE_DIR) && existsSync(AGENT_FILE);

interface AgentYaml {
  name: string;
  description: string;
  instruction: string;
  tools: { name: string; args: { examples: Example[] } }[];
}

interface RecordedRequest {
  model: string;
  config: { system_instruction: string; tools?: unknown };
}

const EXAMPLE: Example = {
  input: { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
  output: [
    {
      role: 'model',
      parts: [
        { text: 'Let me check.' },
        { functionCall: { name: 'get_weather', args: { city: 'Paris', days: 2, metric: true } } },
      ],
    },
    {
      role: 'user',
      parts: [
        { functionResponse: { name: 'get_weather', response: { temp: 21.5, sky: "it's sunny" } } },
      ],
    },
    { role: 'model', parts: [{ text: 'It is 21.5 degrees.' }] },
  ],
};

async function processedInstruction(
  tool: ExampleTool,
  userContent: Content | undefined,
  model?: string,
): Promise<unknown> {
  const context = new Context(
    await createTestInvocationContext(userContent ? { userContent } : {}),
  );
  const request = createLlmRequest(model === undefined ? {} : { model });
  await tool.processLlmRequest({ context, request });
  return request.config.systemInstruction;
}

describe('ExampleTool (Python ExampleTool and example_util)', () => {
  describe.skipIf(!hasCorpus)('conformance: tool/example_tool_001 (FUNCTIONS.md §5.5)', () => {
    it('appends the few-shot block exactly as Python did, in both turns, with no declaration', async () => {
      const config = parse(readFileSync(AGENT_FILE, 'utf8')) as AgentYaml;
      const recorded = (
        parse(readFileSync(join(CASE_DIR, 'generated-recordings.yaml'), 'utf8')) as {
          recordings: {
            llm_recording: { llm_request: RecordedRequest; llm_response: { content: Content } };
          }[];
        }
      ).recordings.map((recording) => recording.llm_recording);
      const spec = parse(readFileSync(join(CASE_DIR, 'spec.yaml'), 'utf8')) as {
        user_messages: { text: string }[];
      };
      const model = new ScriptedLlm({
        model: 'gemini-2.5-flash',
        responses: recorded.map((recording) =>
          textResponse(recording.llm_response.content.parts![0]!.text!),
        ),
      });
      const agent = new LlmAgent({
        name: config.name,
        description: config.description,
        instruction: config.instruction,
        model,
        tools: [new ExampleTool(config.tools[0]!.args.examples)],
      });
      const runner = new InMemoryRunner({ agent, appName: 'tools_agent_007' });
      await runner.sessionService.createSession({
        appName: 'tools_agent_007',
        userId: 'u',
        sessionId: 's',
      });
      for (const message of spec.user_messages) {
        for await (const _event of runner.runAsync({
          userId: 'u',
          sessionId: 's',
          newMessage: userText(message.text),
        })) {
          // drain
        }
      }

      expect(model.requests).toHaveLength(recorded.length);
      model.requests.forEach((request, index) => {
        const expected = recorded[index]!.llm_request;
        expect(request.config.systemInstruction).toBe(expected.config.system_instruction);
        expect(expected.config.tools).toBeUndefined();
        expect(request.config.tools).toBeUndefined();
        expect(request.toolNames).toEqual([]);
      });
    });
  });

  describe('convertExamplesToText (Python convert_examples_to_text)', () => {
    it('writes calls as Python calls and responses as the FunctionResponse __dict__, in plain fences for gemini-2', () => {
      expect(convertExamplesToText([EXAMPLE], 'gemini-2.5-flash')).toBe(
        '<EXAMPLES>\n' +
          'Begin few-shot\n' +
          'The following are examples of user queries and model responses using the available tools.\n\n' +
          'EXAMPLE 1:\n' +
          'Begin example\n' +
          '[user]\n' +
          'What is the weather in Paris?\n' +
          '[model]\n' +
          'Let me check.\n' +
          "```\nget_weather(city='Paris', days=2, metric=True)\n```\n" +
          '[user]\n' +
          "```\n{'will_continue': None, 'scheduling': None, 'parts': None, 'id': None, 'name': 'get_weather', 'response': {'temp': 21.5, 'sky': \"it's sunny\"}}\n```\n" +
          '[model]\n' +
          'It is 21.5 degrees.\n' +
          'End example\n\n' +
          'End few-shot\n<EXAMPLES>',
      );
    });

    it('uses tool_code and tool_outputs fences for other models, and plain ones when there is no model', () => {
      const other = convertExamplesToText([EXAMPLE], 'gemini-1.5-pro');
      expect(other).toContain(
        "```tool_code\nget_weather(city='Paris', days=2, metric=True)\n```\n",
      );
      expect(other).toContain("```tool_outputs\n{'will_continue': None");
      expect(convertExamplesToText([EXAMPLE], undefined)).toBe(
        convertExamplesToText([EXAMPLE], 'gemini-2.0-flash'),
      );
    });

    it('writes a role header only when the role changes, and joins the input texts by newlines', () => {
      const text = convertExamplesToText(
        [
          {
            input: {
              role: 'user',
              parts: [{ text: 'a' }, { functionCall: { name: 'x' } }, { text: 'b' }],
            },
            output: [
              { role: 'user', parts: [{ text: 'u' }] },
              { role: 'model', parts: [{ text: 'm1' }] },
              { role: 'model', parts: [{ text: 'm2' }] },
            ],
          },
          { input: { role: 'user' }, output: [] },
        ],
        'gemini-2.5-flash',
      );
      expect(text).toBe(
        '<EXAMPLES>\nBegin few-shot\nThe following are examples of user queries and model responses using the available tools.\n\n' +
          'EXAMPLE 1:\nBegin example\n[user]\na\nb\n[user]\nu\n[model]\nm1\nm2\nEnd example\n\n' +
          'EXAMPLE 2:\nBegin example\n[user]\nEnd example\n\n' +
          'End few-shot\n<EXAMPLES>',
      );
    });

    it('writes an empty list of examples as the bare frame', () => {
      expect(convertExamplesToText([], 'gemini-2.5-flash')).toBe(
        '<EXAMPLES>\nBegin few-shot\nThe following are examples of user queries and model responses using the available tools.\n\nEnd few-shot\n<EXAMPLES>',
      );
    });
  });

  describe('processLlmRequest', () => {
    it('appends the block after a blank line, and has no declaration', async () => {
      const tool = new ExampleTool([EXAMPLE]);
      const context = new Context(
        await createTestInvocationContext({ userContent: userText('query') }),
      );
      const request = createLlmRequest({
        model: 'gemini-2.5-flash',
        config: { systemInstruction: 'Be nice.' },
      });
      await tool.processLlmRequest({ context, request });
      expect(request.config.systemInstruction).toBe(
        `Be nice.\n\n${convertExamplesToText([EXAMPLE], 'gemini-2.5-flash')}`,
      );
      expect(request.config.tools).toBeUndefined();
      expect(request.toolsDict).toEqual({});
      expect(tool.getDeclaration()).toBeUndefined();
      expect(tool.name).toBe('example_tool');
      expect(tool.description).toBe('example tool');
    });

    it('adds nothing when the user message has no leading text part', async () => {
      const tool = new ExampleTool([EXAMPLE]);
      expect(await processedInstruction(tool, undefined)).toBeUndefined();
      expect(
        await processedInstruction(tool, {
          role: 'user',
          parts: [{ inlineData: { data: '' } }, { text: 'x' }],
        }),
      ).toBeUndefined();
    });

    it('asks a BaseExampleProvider for the examples of the first text part (build_example_si)', async () => {
      const queries: string[] = [];
      class Provider extends BaseExampleProvider {
        override getExamples(query: string): Example[] {
          queries.push(query);
          return [EXAMPLE];
        }
      }
      const tool = new ExampleTool(new Provider());
      const instruction = await processedInstruction(
        tool,
        { role: 'user', parts: [{ text: 'first' }, { text: 'second' }] },
        'gemini-2.5-flash',
      );
      expect(queries).toEqual(['first']);
      expect(instruction).toBe(convertExamplesToText([EXAMPLE], 'gemini-2.5-flash'));
    });

    it('accepts a provider function', async () => {
      const tool = new ExampleTool((query) => Promise.resolve(query === 'q' ? [EXAMPLE] : []));
      expect(await processedInstruction(tool, userText('q'), 'gemini-2.5-flash')).toBe(
        convertExamplesToText([EXAMPLE], 'gemini-2.5-flash'),
      );
      expect(await buildExampleSi(() => [], 'q', undefined)).toBe(
        convertExamplesToText([], undefined),
      );
    });

    it('rejects configurations that are neither examples nor a provider ("Invalid example configuration")', () => {
      expect(() => new ExampleTool('nope' as never)).toThrow('Invalid example configuration');
      expect(() => new ExampleTool([{ input: 'x' }] as never)).toThrow(
        'Example 0 must be {input: Content, output: Content[]}.',
      );
    });

    it('cannot be called', async () => {
      await expect(new ExampleTool([]).runAsync()).rejects.toMatchObject({
        name: 'NotSupportedError',
      });
    });
  });
});
