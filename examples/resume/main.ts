/**
 * Resumable invocations: a step that calls a long-running tool pauses the
 * invocation; a later run with the function response resumes it where it
 * stopped, in the same invocation.
 *
 * Run: npx tsx examples/resume/main.ts
 */
import {
  App,
  BaseAgent,
  createEvent,
  InMemoryRunner,
  SequentialAgent,
  getFunctionResponses,
  stringifyContent,
  type Event,
  type InvocationContext,
} from '@adk-ts/adk';

/** Asks a human to approve, then reports the answer once it arrives. */
class Approval extends BaseAgent {
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    const answer = context.session.events
      .flatMap((event) => getFunctionResponses(event))
      .find((response) => response.id === 'approval-1');
    if (answer) {
      yield createEvent({
        invocationId: context.invocationId,
        author: this.name,
        content: {
          role: 'model',
          parts: [{ text: `Approved: ${JSON.stringify(answer.response)}` }],
        },
      });
      return;
    }
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'approval-1', name: 'ask_manager', args: { amount: 120 } } }],
      },
      longRunningToolIds: ['approval-1'],
    });
  }
}

class Booker extends BaseAgent {
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: 'Booked.' }] },
    });
  }
}

const app = new App({
  name: 'resume_demo',
  rootAgent: new SequentialAgent({
    name: 'expense_flow',
    subAgents: [new Approval({ name: 'approval' }), new Booker({ name: 'booker' })],
  }),
  resumabilityConfig: { isResumable: true },
});
const runner = new InMemoryRunner({ app });
const session = await runner.sessionService.createSession({ appName: 'resume_demo', userId: 'u' });

const print = (event: Event) => {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  const summary = call
    ? `calls ${call.name} (paused)`
    : stringifyContent(event) ||
      JSON.stringify(event.actions.agentState ?? { endOfAgent: event.actions.endOfAgent });
  console.log(`${event.invocationId.slice(0, 10)} ${event.author}: ${summary}`);
};

for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Book the 120 EUR dinner.' }] },
}))
  print(event);
console.log('-- the manager answers --');
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: {
    role: 'user',
    parts: [
      { functionResponse: { id: 'approval-1', name: 'ask_manager', response: { approved: true } } },
    ],
  },
}))
  print(event);
