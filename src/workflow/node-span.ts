import type { Context as TraceContext, Span } from '@opentelemetry/api';
import { contextWithSpan, noSpan, recordSpanError, startAdkSpan } from '../telemetry/adk-tracer.js';
import { AgentNode } from './agent-node.js';
import type { BaseNode } from './base-node.js';
import { errorCodeOf } from './node-error-event.js';
import type { NodeRunContext } from './node-run-context.js';

/** Marks a node whose run is a workflow's graph (its span is `invoke_workflow`). */
export const WORKFLOW_NODE_MARKER = Symbol.for('adk-ts.workflow.WorkflowNode');

/** True for a node that runs a workflow's graph. */
export function isWorkflowGraphNode(node: BaseNode): boolean {
  return (node as unknown as Record<symbol, unknown>)[WORKFLOW_NODE_MARKER] === true;
}

/** One node attempt's span and the trace context its children start under. */
export interface NodeSpan {
  readonly span: Span;
  readonly traceContext: TraceContext | undefined;
  /** Ids of the events the attempt sent, stamped on the span when it ends. */
  readonly eventIds: string[];
}

/**
 * Opens the span of one node attempt (Python `node_tracing`): `invoke_workflow
 * <name>` for a workflow's graph (with `gen_ai.workflow.name`, and
 * `gen_ai.workflow.nested` when it runs inside another workflow),
 * `invoke_node <name>` for any other node; both carry
 * `gen_ai.operation.name` and `gen_ai.conversation.id` (the session id).
 * An agent node gets a span that records nothing: the agent's run opens
 * `invoke_agent <agent name>` itself, so each node run has one span.
 */
export function startNodeSpan(
  node: BaseNode,
  parentContext: NodeRunContext | undefined,
  traceParent: TraceContext | undefined,
  sessionId: string,
): NodeSpan {
  // An agent node's run is the agent's own `invoke_agent <name>` span, Python's name for it.
  if (node instanceof AgentNode) return { span: noSpan(), traceContext: traceParent, eventIds: [] };
  const workflow = isWorkflowGraphNode(node);
  const operation = workflow ? 'invoke_workflow' : 'invoke_node';
  const span = startAdkSpan(`${operation} ${node.name}`, traceParent);
  if (span.isRecording()) {
    span.setAttribute('gen_ai.operation.name', operation);
    span.setAttribute('gen_ai.conversation.id', sessionId);
    if (workflow) {
      span.setAttribute('gen_ai.workflow.name', node.name);
      if (insideWorkflow(parentContext)) span.setAttribute('gen_ai.workflow.nested', true);
    }
  }
  return { span, traceContext: contextWithSpan(span, traceParent), eventIds: [] };
}

/**
 * Ends a node attempt's span: the error the attempt ended with (thrown, or
 * handed back on the context as a workflow does) marks it failed.
 */
export function endNodeSpan(nodeSpan: NodeSpan, error: unknown): void {
  const { span, eventIds } = nodeSpan;
  if (span.isRecording()) {
    if (eventIds.length > 0) span.setAttribute('gcp.vertex.agent.associated_event_ids', eventIds);
    if (error !== undefined) {
      recordSpanError(span, error);
      span.setAttribute('error.type', errorCodeOf(error));
    }
  }
  span.end();
}

function insideWorkflow(context: NodeRunContext | undefined): boolean {
  for (let ctx = context; ctx; ctx = ctx.parentContext) {
    if (isWorkflowGraphNode(ctx.node)) return true;
  }
  return false;
}
