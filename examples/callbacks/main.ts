/**
 * Agent callbacks: a guard that answers for the agent when the user is not
 * signed in, and an after-callback that adds a sign-off. Callbacks take one
 * object argument ({ agent, context }) and may be sync or async.
 *
 * Run: npx tsx examples/callbacks/main.ts
 */
import {
  BaseAgent,
  createEvent,
  InMemoryRunner,
  stringifyContent,
  type AgentCallback,
  type Event,
  type InvocationContext,
} from '@adk-ts/adk';

class Greeter extends BaseAgent {
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    const visits = Number(context.session.state['visits'] ?? 0);
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: `Welcome back, visit number ${visits}.` }] },
    });
  }
}

const requireSignIn: AgentCallback = ({ context }) => {
  if (!context.state.get('user:signed_in')) {
    return { role: 'model', parts: [{ text: 'Please sign in first.' }] };
  }
  // Counted before the agent runs: the agent sees the new value at once.
  context.state.set('visits', Number(context.state.get('visits') ?? 0) + 1);
  return undefined;
};

const signOff: AgentCallback = async ({ agent }) => ({
  role: 'model',
  parts: [{ text: `(${agent.name} signing off)` }],
});

const runner = new InMemoryRunner({
  agent: new Greeter({
    name: 'greeter',
    beforeAgentCallback: requireSignIn,
    afterAgentCallback: signOff,
  }),
  appName: 'callbacks_demo',
});

async function visit(sessionId: string): Promise<void> {
  for await (const event of runner.runAsync({
    userId: 'ada',
    sessionId,
    newMessage: { role: 'user', parts: [{ text: 'hello' }] },
  })) {
    const text = stringifyContent(event);
    console.log(
      `${event.author}: ${text || `(state change ${JSON.stringify(event.actions.stateDelta)})`}`,
    );
  }
}

await runner.sessionService.createSession({
  appName: 'callbacks_demo',
  userId: 'ada',
  sessionId: 'first',
  state: { 'user:signed_in': false },
});
await visit('first');

// user: state is shared by all of the user's sessions.
await runner.sessionService.createSession({
  appName: 'callbacks_demo',
  userId: 'ada',
  sessionId: 'second',
  state: { 'user:signed_in': true },
});
await visit('second');
await visit('second');
