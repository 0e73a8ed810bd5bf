/**
 * A human-approval step (spec 004 §5): a refund workflow pauses at a node that
 * asks a manager to approve the refund (`RequestInput`). The run ends with an
 * `adk_request_input` function call marked long-running; the manager's answer
 * is sent back through `runAsync` as a function response with the same id
 * (`createRequestInputResponse`), and the workflow resumes: the answer becomes
 * the asking node's output, a routing node picks `approved` or `rejected`, and
 * the matching branch ends the run. The script runs the workflow twice, once for each answer.
 *
 * Run: npx tsx examples/workflow-approval/main.ts
 */
import { z } from 'zod';
import {
  createRequestInputResponse,
  FunctionNode,
  InMemoryRunner,
  RequestInput,
  START,
  Workflow,
  type Content,
  type Event,
  type NodeContext,
} from '@adk-ts/adk';

interface RefundRequest {
  order: string;
  amount: number;
}

const Decision = z.object({ approved: z.boolean(), note: z.string().optional() });
type Decision = z.infer<typeof Decision>;

// The graph's input is the user's message; the order number is kept in state.
const readRequest = new FunctionNode('read_request', (ctx: NodeContext, message: unknown) => {
  const text = ((message as Content).parts ?? []).map((part) => part.text ?? '').join('');
  const request: RefundRequest = {
    order: /order (\d+)/.exec(text)?.[1] ?? 'unknown',
    amount: Number(/(\d+) EUR/.exec(text)?.[1] ?? 0),
  };
  ctx.state.set('order', request.order);
  return request;
});

// Pauses the workflow. With rerunOnResume false (a FunctionNode's default) the
// node does not run again on resume: the manager's answer becomes its output.
// It sends no event for it: this app is not resumable, so, as in ADK Python, no
// output line shows for ask_manager (a resumable app's workflow sends it again).
const askManager = new FunctionNode('ask_manager', (_ctx: NodeContext, request: unknown) => {
  const { order, amount } = request as RefundRequest;
  return new RequestInput({
    interruptId: `refund-${order}`,
    message: `Approve a refund of ${amount} EUR for order ${order}?`,
    payload: request,
    responseSchema: Decision,
  });
});

const decide = new FunctionNode('decide', (ctx: NodeContext, answer: unknown) => {
  ctx.route = (answer as Decision).approved ? 'approved' : 'rejected';
  return answer;
});

const issueRefund = new FunctionNode(
  'issue_refund',
  (ctx: NodeContext) => `Refund issued for order ${String(ctx.state.get('order'))}.`,
);
const explainRejection = new FunctionNode(
  'explain_rejection',
  (_ctx: NodeContext, answer: unknown) =>
    `Refund declined: ${(answer as Decision).note ?? 'no reason given'}.`,
);

const workflow = new Workflow({
  name: 'refund_workflow',
  edges: [
    [START, readRequest, askManager, decide],
    [decide, { approved: issueRefund, rejected: explainRejection }],
  ],
});

const runner = new InMemoryRunner({ agent: workflow, appName: 'refunds' });

function show(event: Event): void {
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call?.name === 'adk_request_input') {
      const paused = event.longRunningToolIds?.includes(call.id ?? '') ? ' (paused)' : '';
      console.log(`  ${event.author} asks: ${String(call.args?.message)} [id ${call.id}]${paused}`);
    }
  }
  if (event.output !== undefined) {
    console.log(`  ${event.nodeInfo?.path ?? event.author} → ${JSON.stringify(event.output)}`);
  }
}

async function handleRefund(order: string, answer: Decision): Promise<void> {
  const session = await runner.sessionService.createSession({ appName: 'refunds', userId: 'kim' });
  const text = `Please refund 40 EUR for order ${order}: the parcel arrived damaged.`;
  console.log(`user: ${text}`);
  let interruptId: string | undefined;
  for await (const event of runner.runAsync({
    userId: 'kim',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    show(event);
    interruptId ??= event.longRunningToolIds?.[0];
  }
  if (interruptId === undefined) throw new Error('the workflow did not pause');

  console.log(`manager answers: ${JSON.stringify(answer)}`);
  for await (const event of runner.runAsync({
    userId: 'kim',
    sessionId: session.id,
    newMessage: {
      role: 'user',
      parts: [createRequestInputResponse(interruptId, { result: answer })],
    },
  })) {
    show(event);
  }
}

await handleRefund('1234', { approved: true });
await handleRefund('5678', { approved: false, note: 'the parcel was insured by the carrier' });
