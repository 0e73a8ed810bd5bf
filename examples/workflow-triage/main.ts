/**
 * A triage router (spec 004 §1): a classifier node picks a route, a routing
 * map sends each route to its handler, and DEFAULT_ROUTE catches messages
 * that match no route. No model is involved: every node is a function.
 *
 * Run: npx tsx examples/workflow-triage/main.ts
 */
import {
  DEFAULT_ROUTE,
  FunctionNode,
  InMemoryRunner,
  START,
  Workflow,
  type NodeContext,
} from '@adk-ts/adk';

function messageText(nodeInput: unknown): string {
  const content = nodeInput as { parts?: { text?: string }[] } | undefined;
  return (content?.parts ?? []).map((part) => part.text ?? '').join('');
}

const classify = new FunctionNode('classify', (ctx: NodeContext, nodeInput: unknown) => {
  const text = messageText(nodeInput).toLowerCase();
  if (text.includes('urgent')) ctx.route = 'urgent';
  else if (text.includes('billing')) ctx.route = 'billing';
  // No route set: only the DEFAULT_ROUTE edge fires.
});
const handleUrgent = new FunctionNode('handle_urgent', () => 'Escalating to the on-call team.');
const handleBilling = new FunctionNode(
  'handle_billing',
  () => 'Routing to the billing department.',
);
const handleDefault = new FunctionNode('handle_default', () => 'Handled by general support.');

const triage = new Workflow({
  name: 'triage_workflow',
  edges: [
    [
      START,
      classify,
      { urgent: handleUrgent, billing: handleBilling, [DEFAULT_ROUTE]: handleDefault },
    ],
  ],
});

const runner = new InMemoryRunner({ agent: triage, appName: 'support' });
const session = await runner.sessionService.createSession({ appName: 'support', userId: 'ana' });
for (const message of [
  'URGENT: the site is down',
  'A question about my billing statement',
  'How do I change my avatar?',
]) {
  console.log(`user: ${message}`);
  for await (const event of runner.runAsync({
    userId: 'ana',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: message }] },
  })) {
    if (event.output === undefined) continue;
    console.log(`  ${event.nodeInfo?.path ?? event.author} → ${JSON.stringify(event.output)}`);
  }
}
