/**
 * Rewind: undo turns of a conversation. `runner.rewindAsync` takes the
 * session back to before an invocation: session state and artifacts are
 * restored, `user:` and `app:` state and `user:` artifacts are not, and the
 * model no longer sees the rewound turns. Nothing is deleted: a rewind is
 * one more event, and it can itself be rewound.
 *
 * Run: npx tsx examples/rewind/main.ts
 */
import { FunctionTool, InMemoryRunner, LlmAgent } from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

// The tool keeps the dish in session state, a shared counter in user state and the recipe as an artifact.
const choose = new FunctionTool({
  name: 'choose_dish',
  description: 'Records the dish for tonight.',
  parameters: z.object({ dish: z.string() }),
  execute: async ({ dish }, context) => {
    context.state.set('dish', dish);
    const changes = context.state.get<number>('user:changes') ?? 0;
    context.state.set('user:changes', changes + 1);
    await context.saveArtifact('recipe.txt', { text: `Recipe: ${dish}` });
    return { chosen: dish };
  },
});

// A scripted model: it calls the tool with the dish named in the message, then confirms.
const model = new ScriptedLlm({
  responses: (request) => {
    const last = request.contents.at(-1)?.parts?.[0];
    if (last?.functionResponse) return textResponse('Noted.');
    const text = last?.text ?? '';
    return functionCallResponse('choose_dish', { dish: text.replace(/^Plan /, '') });
  },
});

const agent = new LlmAgent({ name: 'planner', model, tools: [choose] });
const runner = new InMemoryRunner({ agent, appName: 'rewind_demo' });
const ids = { appName: 'rewind_demo', userId: 'ada' };
const session = await runner.sessionService.createSession(ids);
const sessionId = session.id;

async function turn(text: string): Promise<string> {
  let invocationId = '';
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    invocationId = event.invocationId;
  }
  return invocationId;
}

async function show(label: string): Promise<void> {
  const current = await runner.sessionService.getSession({ ...ids, sessionId });
  const recipe = await runner.artifactService!.loadArtifact({
    ...ids,
    sessionId,
    filename: 'recipe.txt',
  });
  console.log(`${label}: state ${JSON.stringify(current!.state)}, ${recipe?.text ?? 'no recipe'}`);
}

await turn('Plan lentil curry');
await show('after turn 1');
const second = await turn('Plan mushroom soup');
await show('after turn 2');

// Undo turn 2 (and anything after it).
const rewind = await runner.rewindAsync({
  userId: ids.userId,
  sessionId,
  rewindBeforeInvocationId: second,
});
console.log('rewind event delta:', JSON.stringify(rewind.actions.stateDelta));
await show('after the rewind');

// The next turn's request holds turn 1 only: the model never sees the soup.
await turn('Plan risotto');
const sent = model.requests.at(-2)!.contents.map((content) => content.parts?.[0]?.text);
console.log('texts the model saw:', JSON.stringify(sent.filter(Boolean)));
await show('after turn 3');
