import type { Content, NodeContext } from '@adk-ts/adk';

/** `triage_yaml.nodes.classify`: picks the `urgent` route for urgent messages and passes the text on. */
export function classify(ctx: NodeContext, message: unknown): string {
  const text = ((message as Content).parts ?? []).map((part) => part.text ?? '').join('');
  if (/urgent|down|outage/i.test(text)) ctx.route = 'urgent';
  return text;
}

/** `triage_yaml.nodes.escalate`: answers with content, so `adk run` prints it. */
export function escalate(_ctx: NodeContext, text: unknown): Content {
  return {
    role: 'model',
    parts: [{ text: `Paged the on-call team about: ${String(text)}` }],
  };
}
