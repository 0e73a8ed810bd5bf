/**
 * A workflow app written in TypeScript: `agent.ts` exports a `Workflow` as
 * `rootAgent`. It asks a human to approve each refund (RequestInput); in
 * `adk run`'s chat the line after the question is the answer (`yes`, `no`,
 * or JSON such as `true`).
 *
 * Run (in this repository): npm run adk -- run examples/agents/refund_flow
 */
import {
  FunctionNode,
  RequestInput,
  START,
  Workflow,
  type Content,
  type NodeContext,
} from '@adk-ts/adk';

const askManager = new FunctionNode('ask_manager', (_ctx: NodeContext, message: unknown) => {
  const request = ((message as Content).parts ?? []).map((part) => part.text ?? '').join('');
  return new RequestInput({ message: `Approve this refund: ${request}?`, payload: { request } });
});

const decide = new FunctionNode('decide', (ctx: NodeContext, answer: unknown) => {
  const approved = answer === true || /^(y|yes|ok|approve)/i.test(String(answer));
  ctx.route = approved ? 'approved' : 'rejected';
  return approved;
});

const refund = new FunctionNode('refund', () => 'Refund issued.');
const decline = new FunctionNode('decline', () => 'Refund declined.');

export const rootAgent = new Workflow({
  name: 'refund_flow',
  description: 'Issues a refund once a manager approves it.',
  edges: [[START, askManager, decide, { approved: refund, rejected: decline }]],
});
