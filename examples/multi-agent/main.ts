/**
 * Agent transfer: a coordinator hands the question to the right tutor with
 * `transfer_to_agent`; the next turn goes straight back to that tutor.
 * Scripted models keep it offline.
 *
 * Run: npx tsx examples/multi-agent/main.ts
 */
import { InMemoryRunner, LlmAgent, stringifyContent } from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';

const coordinatorModel = new ScriptedLlm({
  responses: [functionCallResponse('transfer_to_agent', { agent_name: 'math_tutor' })],
});
const mathModel = new ScriptedLlm({
  responses: [textResponse('2 + 2 = 4.'), textResponse('3 × 3 = 9.')],
});

const coordinator = new LlmAgent({
  name: 'study_coordinator',
  description: 'Routes questions to the right tutor.',
  model: coordinatorModel,
  instruction: 'Route each question to the best tutor.',
  subAgents: [
    new LlmAgent({
      name: 'math_tutor',
      description: 'Mathematics tutor.',
      model: mathModel,
      instruction: 'Teach maths.',
    }),
    new LlmAgent({
      name: 'history_tutor',
      description: 'History tutor.',
      model: new ScriptedLlm({ responses: [] }),
      instruction: 'Teach history.',
    }),
  ],
});

const runner = new InMemoryRunner({ agent: coordinator, appName: 'tutoring' });
const session = await runner.sessionService.createSession({ appName: 'tutoring', userId: 'kid' });
for (const question of ['What is 2 + 2?', 'And 3 × 3?']) {
  console.log(`user: ${question}`);
  for await (const event of runner.runAsync({
    userId: 'kid',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: question }] },
  })) {
    const transfer = event.actions.transferToAgent;
    if (transfer) console.log(`${event.author} → transfer to ${transfer}`);
    else if (stringifyContent(event)) console.log(`${event.author}: ${stringifyContent(event)}`);
  }
}
console.log('--- what the math tutor was told it can do ---');
console.log(
  String(mathModel.requests[0]?.config.systemInstruction)
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('**NOTE**') || line.startsWith('`') || line.startsWith('If neither'),
    )
    .join('\n'),
);
