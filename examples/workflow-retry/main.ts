/**
 * Retries (spec 004 §2): a flaky node fails twice with a timeout-like error
 * and succeeds on its third attempt. Its RetryConfig retries only that error
 * class, with small delays; each failed attempt leaves an error event
 * (`errorCode`, `errorMessage`) in the session, and the node's output follows.
 *
 * Run: npx tsx examples/workflow-retry/main.ts
 */
import { FunctionNode, InMemoryRunner, START, Workflow, type NodeContext } from '@adk-ts/adk';

class UpstreamTimeoutError extends Error {
  override name = 'UpstreamTimeoutError';
}

const fetchRates = new FunctionNode(
  'fetch_rates',
  (ctx: NodeContext) => {
    if (ctx.attemptCount < 3) {
      throw new UpstreamTimeoutError(`rates service timed out (attempt ${ctx.attemptCount})`);
    }
    return { EUR: 1, USD: 1.08 };
  },
  {
    retryConfig: {
      maxAttempts: 5,
      initialDelay: 0.01,
      backoffFactor: 2,
      maxDelay: 0.05,
      jitter: 0,
      exceptions: ['UpstreamTimeoutError'],
    },
  },
);
const quote = new FunctionNode(
  'quote',
  (_ctx: NodeContext, rates: unknown) =>
    `100 EUR is ${(100 * (rates as { USD: number }).USD).toFixed(2)} USD`,
);

const workflow = new Workflow({ name: 'rates_workflow', edges: [[START, fetchRates, quote]] });

const runner = new InMemoryRunner({ agent: workflow, appName: 'rates' });
const session = await runner.sessionService.createSession({ appName: 'rates', userId: 'lee' });
for await (const event of runner.runAsync({
  userId: 'lee',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Quote 100 EUR in USD.' }] },
})) {
  if (event.errorCode)
    console.log(`${event.author} error: ${event.errorCode}: ${event.errorMessage}`);
  else if (event.output !== undefined)
    console.log(`${event.author} output: ${JSON.stringify(event.output)}`);
}
