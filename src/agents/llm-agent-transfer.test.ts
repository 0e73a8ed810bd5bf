import { describe, expect, it } from 'vitest';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { LlmAgent } from './llm-agent.js';
import { SequentialAgent } from './sequential-agent.js';
import type { Tool } from '../types/index.js';

function tutors(
  script: Record<string, ScriptedTurn[]>,
  options: { peers?: boolean; parent?: boolean } = {},
) {
  const models = Object.fromEntries(
    Object.entries(script).map(([name, turns]) => [name, new ScriptedLlm({ responses: turns })]),
  );
  const child = (name: string, description: string) =>
    new LlmAgent({
      name,
      description,
      model: models[name]!,
      instruction: `You teach ${name}.`,
      disallowTransferToPeers: options.peers === false,
      disallowTransferToParent: options.parent === false,
    });
  const root = new LlmAgent({
    name: 'coordinator',
    description: 'Routes questions.',
    model: models['coordinator']!,
    instruction: 'Route the question.',
    subAgents: [child('math', 'Math tutor.'), child('science', 'Science tutor.')],
  });
  return { root, models };
}

async function turn(runner: InMemoryRunner, text: string): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(text),
  })) {
    events.push(event);
  }
  return events;
}

async function newRunner(root: LlmAgent | SequentialAgent) {
  const runner = new InMemoryRunner({ agent: root, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return runner;
}

describe('agent transfer (spec 000 §8; adk-python behaviours 11–13)', () => {
  it('the coordinator transfers and the target answers in the same invocation', async () => {
    const { root, models } = tutors({
      coordinator: [functionCallResponse('transfer_to_agent', { agent_name: 'math' })],
      math: [textResponse('2 + 2 = 4')],
    });
    const runner = await newRunner(root);
    const events = await turn(runner, 'what is 2+2?');
    expect(events.map((event) => [event.author, event.actions.transferToAgent ?? null])).toEqual([
      ['coordinator', null],
      ['coordinator', 'math'],
      ['math', null],
    ]);
    expect(events[1]!.content!.parts![0]!.functionResponse!.response).toEqual({ result: null });
    expect(new Set(events.map((event) => event.invocationId)).size).toBe(1);
    const request = models['coordinator']!.requests[0]!;
    expect(request.config.systemInstruction).toBe(
      'Route the question.\n\nYou are an agent. Your internal name is "coordinator". The description about you is "Routes questions.".\n\n' +
        '\nYou have a list of other agents to transfer to:\n\n\nAgent name: math\nAgent description: Math tutor.\n\n\nAgent name: science\nAgent description: Science tutor.\n\n\n' +
        'If you are the best to answer the question according to your description,\nyou can answer it.\n\n' +
        'If another agent is better for answering the question according to its\n' +
        'description, call `transfer_to_agent` function to transfer the question to that\n' +
        'agent. When transferring, do not generate any text other than the function\ncall.\n\n' +
        '**NOTE**: the only available agents for `transfer_to_agent` function are\n`math`, `science`.\n',
    );
    const declaration = (request.config.tools as Tool[])[0]!.functionDeclarations![0]!;
    expect(declaration.name).toBe('transfer_to_agent');
    expect(declaration.parameters).toEqual({
      properties: { agent_name: { enum: ['math', 'science'], type: 'STRING' } },
      required: ['agent_name'],
      type: 'OBJECT',
    });
    // The target sees the coordinator's call and response as context from another agent.
    const mathContents = models['math']!.requests[0]!.contents;
    expect(mathContents[0]).toEqual({ role: 'user', parts: [{ text: 'what is 2+2?' }] });
    expect(mathContents.slice(1)).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'For context:' },
          {
            text: "[coordinator] called tool `transfer_to_agent` with parameters: {'agent_name': 'math'}",
          },
        ],
      },
      {
        role: 'user',
        parts: [
          { text: 'For context:' },
          { text: "[coordinator] `transfer_to_agent` tool returned result: {'result': None}" },
        ],
      },
    ]);
  });

  it('a sub-agent lists its parent and peers, sorted in the NOTE, with the parent sentence', async () => {
    const { root, models } = tutors({
      coordinator: [functionCallResponse('transfer_to_agent', { agent_name: 'science' })],
      science: [textResponse('Photosynthesis.')],
    });
    await turn(await newRunner(root), 'plants?');
    const instruction = String(models['science']!.requests[0]!.config.systemInstruction);
    expect(instruction).toContain(
      'Agent name: coordinator\nAgent description: Routes questions.\n\n\nAgent name: math\n',
    );
    expect(instruction).toContain(
      '`coordinator`, `math`.\n\nIf neither you nor the other agents are best for the question, transfer to your parent agent coordinator.\n',
    );
    const declaration = (models['science']!.requests[0]!.config.tools as Tool[])[0]!
      .functionDeclarations![0]!;
    expect((declaration.parameters!.properties!['agent_name'] as { enum: string[] }).enum).toEqual([
      'coordinator',
      'math',
    ]);
  });

  it('the next turn goes straight to the agent that answered last (spec 000 §1.4)', async () => {
    const { root, models } = tutors({
      coordinator: [functionCallResponse('transfer_to_agent', { agent_name: 'math' })],
      math: [textResponse('4'), textResponse('9')],
    });
    const runner = await newRunner(root);
    await turn(runner, '2+2?');
    const second = await turn(runner, '3*3?');
    expect(second.map((event) => event.author)).toEqual(['math']);
    expect(models['coordinator']!.requests).toHaveLength(1);
  });

  it('disallowed transfers shrink the targets; without targets the flow has no transfer tool', async () => {
    const { root, models } = tutors(
      {
        coordinator: [functionCallResponse('transfer_to_agent', { agent_name: 'math' })],
        math: [textResponse('4')],
      },
      { peers: false, parent: false },
    );
    await turn(await newRunner(root), '2+2?');
    expect(models['math']!.requests[0]!.config.tools).toBeUndefined();
    expect(String(models['math']!.requests[0]!.config.systemInstruction)).not.toContain('transfer');
  });

  it('a transfer to an unknown agent raises AgentNotFoundError (adk-python behaviour 12)', async () => {
    const { root } = tutors({
      coordinator: [functionCallResponse('transfer_to_agent', { agent_name: 'ghost' })],
    });
    await expect(turn(await newRunner(root), 'x')).rejects.toSatisfy(AgentNotFoundError.isInstance);
  });

  it('agents inside a SequentialAgent see earlier agents as context (conformance sequential_001)', async () => {
    const first = new ScriptedLlm({ responses: [textResponse('Flights found.')] });
    const second = new ScriptedLlm({ responses: [textResponse('Hotels found.')] });
    const sequence = new SequentialAgent({
      name: 'trip',
      subAgents: [
        new LlmAgent({ name: 'flights', model: first, instruction: 'Find flights.' }),
        new LlmAgent({ name: 'hotels', model: second, instruction: 'Find hotels.' }),
      ],
    });
    await turn(await newRunner(sequence), 'Plan Paris');
    expect(second.requests[0]!.contents).toEqual([
      { role: 'user', parts: [{ text: 'Plan Paris' }] },
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[flights] said: Flights found.' }],
      },
    ]);
    // Sub-agents of a non-LLM parent cannot transfer to it: no parent sentence, no peers.
    expect(second.requests[0]!.config.tools).toBeUndefined();
  });
});
