import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Event } from '../events/event.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { SingleTurnAgentTool } from '../tools/single-turn-agent-tool.js';
import type { Tool } from '../types/index.js';
import { LlmAgent } from './llm-agent.js';
import { newSessionRunner, runTurn, requestView } from './task-mode-test-fixtures.js';

async function run(root: LlmAgent, text: string): Promise<Event[]> {
  return runTurn(await newSessionRunner(root), text);
}

function summarizerApp(
  coordinatorTurns: ScriptedTurn[],
  summarizerTurns: ScriptedTurn[],
  inputSchema?: z.ZodObject,
) {
  const summarizerModel = new ScriptedLlm({ responses: summarizerTurns });
  const coordinatorModel = new ScriptedLlm({ responses: coordinatorTurns });
  const summarizer = new LlmAgent({
    name: 'summarizer',
    description: 'Summarises a text.',
    model: summarizerModel,
    mode: 'single_turn',
    ...(inputSchema ? { inputSchema } : {}),
  });
  const coordinator = new LlmAgent({
    name: 'coordinator',
    model: coordinatorModel,
    subAgents: [summarizer],
  });
  return { coordinator, coordinatorModel, summarizerModel };
}

describe('A single_turn sub-agent of a chat agent (004 §10, tools/agent_tool.py _SingleTurnAgentTool)', () => {
  it("is declared as AgentTool declares the agent: its name, description and 'request'", async () => {
    const app = summarizerApp([textResponse('Nothing to do.')], []);
    expect(app.coordinator.tools).toHaveLength(1);
    expect(app.coordinator.tools[0]).toBeInstanceOf(SingleTurnAgentTool);
    await run(app.coordinator, 'hi');
    const request = app.coordinatorModel.requests[0]!;
    expect(request.toolNames).toEqual(['summarizer']);
    const declaration = (request.config.tools?.[0] as Tool | undefined)?.functionDeclarations?.[0];
    expect(declaration?.name).toBe('summarizer');
    expect(declaration?.description).toBe('Summarises a text.');
    expect(declaration?.parameters?.required).toEqual(['request']);
    expect(String(request.config.systemInstruction)).not.toContain('transfer');
  });

  it('runs the sub-agent as a child node on the call branch; its answer is the tool result', async () => {
    const app = summarizerApp(
      [
        functionCallResponse('summarizer', { request: 'A long story about a cat.' }, 'call-1'),
        textResponse('The summary: a cat.'),
      ],
      [textResponse('A cat.')],
    );
    const events = await run(app.coordinator, 'Summarise my story.');

    // The sub-agent answers its input alone, not the conversation.
    expect(requestView(app.summarizerModel.requests[0]!)).toEqual([
      'user: A long story about a cat.',
    ]);
    const own = events.filter((event) => event.author === 'summarizer');
    expect(own.length).toBeGreaterThan(0);
    for (const event of own) {
      expect(event.branch).toBe('summarizer@call-1');
      expect(event.nodeInfo?.path).toBe('coordinator@1/summarizer@1');
    }
    expect(requestView(app.coordinatorModel.requests[1]!)).toEqual([
      'user: Summarise my story.',
      'model: call summarizer',
      'user: response summarizer {"result":"A cat."}',
    ]);
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('The summary: a cat.');
  });

  it('is reachable from a chat agent the root transferred to, in the same turn', async () => {
    const summarizerModel = new ScriptedLlm({ responses: [textResponse('Brief.')] });
    const summarizer = new LlmAgent({
      name: 'summarizer',
      description: 'Summarises a text.',
      model: summarizerModel,
      mode: 'single_turn',
    });
    const helper = new LlmAgent({
      name: 'helper',
      description: 'Helps with texts.',
      model: new ScriptedLlm({
        responses: [
          functionCallResponse('summarizer', { request: 'Long text.' }, 'call-3'),
          textResponse('Here: Brief.'),
        ],
      }),
      subAgents: [summarizer],
    });
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm({
        responses: [functionCallResponse('transfer_to_agent', { agent_name: 'helper' }, 'tr-1')],
      }),
      subAgents: [helper],
    });
    const events = await run(root, 'Shorten this.');
    expect(requestView(summarizerModel.requests[0]!)).toEqual(['user: Long text.']);
    expect(events.filter((event) => event.content).at(-1)?.content?.parts?.[0]?.text).toBe(
      'Here: Brief.',
    );
  });

  it('returns input that fails the input schema to the model as an error text', async () => {
    const app = summarizerApp(
      [functionCallResponse('summarizer', { words: 'many' }, 'call-2'), textResponse('Sorry.')],
      [],
      z.object({ words: z.number() }),
    );
    await run(app.coordinator, 'Summarise.');
    expect(app.summarizerModel.requests).toHaveLength(0);
    const response = requestView(app.coordinatorModel.requests[1]!).at(-1)!;
    expect(response).toMatch(/^user: response summarizer \{"result":"Error validating input: /);
  });
});
