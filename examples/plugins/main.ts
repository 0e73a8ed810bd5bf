/**
 * Plugins: app-wide hooks that run before agent callbacks at every point of
 * a run. This one counts events and blocks messages that mention a password;
 * the LoggingPlugin prints every hook.
 *
 * Run: npx tsx examples/plugins/main.ts
 */
import {
  App,
  BaseAgent,
  BasePlugin,
  createEvent,
  InMemoryRunner,
  LoggingPlugin,
  stringifyContent,
  type Content,
  type Event,
  type EventHookArguments,
  type InvocationContext,
  type RunHookArguments,
} from '@adk-ts/adk';

class Echo extends BaseAgent {
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    const text = context.userContent?.parts?.[0]?.text ?? '';
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: `You said: ${text}` }] },
    });
  }
}

class Guardrail extends BasePlugin {
  events = 0;

  override beforeRunCallback({ invocationContext }: RunHookArguments): Content | undefined {
    const text = invocationContext.userContent?.parts?.[0]?.text ?? '';
    if (/password/i.test(text))
      return { role: 'model', parts: [{ text: 'I cannot help with passwords.' }] };
    return undefined;
  }

  override onEventCallback(_args: EventHookArguments): undefined {
    this.events += 1;
    return undefined;
  }
}

const guardrail = new Guardrail('guardrail');
const logLines: string[] = [];
const app = new App({
  name: 'plugins_demo',
  rootAgent: new Echo({ name: 'echo' }),
  plugins: [guardrail, new LoggingPlugin({ log: (line) => logLines.push(line) })],
});
const runner = new InMemoryRunner({ app });
const session = await runner.sessionService.createSession({ appName: 'plugins_demo', userId: 'u' });

for (const text of ['hello there', 'what is my password?']) {
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    console.log(`${event.author}: ${stringifyContent(event)}`);
  }
}
console.log(`events seen by the guardrail: ${guardrail.events}`);
console.log(`logging plugin wrote ${logLines.length} lines; the first: ${logLines[0]}`);
