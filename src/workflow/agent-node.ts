import { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { runTaskAgent } from '../agents/run-task-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { createEvent, type Event } from '../events/event.js';
import { BaseNode, type BaseNodeConfig } from './base-node.js';
import { markAgentOutput, toUserContent } from './agent-node-io.js';
import type { NodeContext } from './node-context.js';

/** The modes an LlmAgent can run in as a node (Python `LlmAgent.mode`). */
export const AGENT_NODE_MODES = ['single_turn', 'task', 'chat'] as const;

/** Options of an AgentNode: every BaseNode field, the name defaulting to the agent's. */
export type AgentNodeConfig = Omit<Partial<BaseNodeConfig>, 'name'> & { name?: string };

/**
 * An agent as a workflow node (Python `LlmAgent._run_impl` /
 * `_llm_agent_wrapper.run_llm_agent_as_node`; adk-js `runLlmAgentAsNode`).
 * Here agents are not nodes themselves (workflow/ sits above agents/,
 * decision 0032), so `node(agent)` wraps the agent in one; the node takes
 * the agent's name and description.
 *
 * An `LlmAgent` without a `mode` becomes `single_turn` (written on the agent,
 * as Python does), and then, unless its config set `includeContents`, sees
 * only its current turn (`includeContents: 'none'`). In `single_turn` mode the
 * node input becomes a user message the agent answers (string as text,
 * `Content` as it is, other values as JSON), added to the session's events
 * in memory on the node's branch, not when the node reruns with
 * `resumeInputs`; the agent's final model message is the node's output: its
 * text, or with an `outputSchema` the parsed, validated JSON. In `task` mode
 * the input is the invocation's user content instead, and the arguments of
 * a successful `finish_task` are the output (`runTaskAgent`); the node waits
 * for its output (`waitForOutput`), so a task that asked the user something
 * runs again on the next turn. Any other agent runs as it would as a
 * sub-agent; its events pass through and it has no output. Events written
 * for another author (a transfer target, the user) keep it.
 *
 * Reruns on resume by default: an agent continues its own conversation
 * with the answer rather than taking it as its output.
 */
export class AgentNode extends BaseNode {
  readonly agent: BaseAgent;

  constructor(agent: BaseAgent, config: AgentNodeConfig = {}) {
    const schemas = agent instanceof LlmAgent ? agentSchemas(agent) : {};
    super({
      ...config,
      inputSchema: config.inputSchema ?? schemas.inputSchema,
      outputSchema: config.outputSchema ?? schemas.outputSchema,
      name: config.name ?? agent.name,
      description: config.description ?? agent.description,
      rerunOnResume: config.rerunOnResume ?? true,
      // A task agent's run ends without output while it waits for the user
      // (Python `build_node`): the node then waits instead of completing.
      waitForOutput: config.waitForOutput ?? agentMode(agent) === 'task',
    });
    this.agent = agent;
  }

  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    // The agent's tools reach this node through its invocation (NodeTool runs nodes with it).
    const invocation = ctx.invocation.copy();
    invocation.workflowNode = ctx;
    if (this.agent instanceof LlmAgent) {
      for await (const event of runLlmAgentAsNode(this.agent, ctx, invocation, nodeInput)) {
        // An event another author wrote (a transfer target, or the user for a
        // delegated task's answer) keeps its author, as Python's `_run_impl`
        // keeps every author; the agent's own events carry the node's name.
        ctx.eventAuthor = event.author && event.author !== this.agent.name ? event.author : '';
        yield event;
      }
      return;
    }
    yield* this.agent.runAsync(invocation);
  }
}

/**
 * An LlmAgent's own `inputSchema` / `outputSchema` as the node's (Python's
 * LlmAgent is a node, so its schema fields are the node's): the node input
 * and output are validated with them and graph validation compares them
 * with the neighbours' schemas. Options given to the node win.
 */
function agentSchemas(agent: LlmAgent): Pick<BaseNodeConfig, 'inputSchema' | 'outputSchema'> {
  return {
    inputSchema: agent.inputSchema?.source ?? agent.inputSchema?.declaration,
    outputSchema: agent.outputSchema?.source ?? agent.outputSchema?.declaration,
  };
}

/** The agent's `mode` (set by the LlmAgent `mode` field where it exists). */
export function agentMode(agent: BaseAgent): unknown {
  return (agent as { mode?: unknown }).mode;
}

async function* runLlmAgentAsNode(
  agent: LlmAgent,
  ctx: NodeContext,
  nodeInvocation: InvocationContext,
  nodeInput: unknown,
): AsyncGenerator<Event, void, undefined> {
  const mode = prepareMode(agent);
  let invocation = nodeInvocation;
  // A task agent that is a graph node, not a delegated task, is scoped by its
  // node path (Python: `wf@1/task_agent@1`), so the user's reply finds it.
  if (mode === 'task' && ctx.isolationScope === undefined) ctx.isolationScope = ctx.nodePath;
  // Task and single-turn agents see only their scope's events (Python threads the
  // node's isolation scope into the invocation; the field comes with LlmAgent modes).
  if ((mode === 'task' || mode === 'single_turn') && ctx.isolationScope) {
    (invocation as { isolationScope?: string }).isolationScope = ctx.isolationScope;
  }
  if (mode === 'single_turn') {
    injectUserTurn(ctx, nodeInput);
  } else if (mode === 'task' && nodeInput !== undefined && nodeInput !== null) {
    invocation = invocation.copy();
    invocation.userContent = toUserContent(nodeInput);
  }
  if (mode === 'task') {
    // finish_task's arguments become the output, on its terminal response.
    yield* runTaskAgent(agent, invocation);
    return;
  }
  for await (const event of agent.runAsync(invocation)) {
    if (mode === 'single_turn') markAgentOutput(event, agent.outputSchema);
    yield event;
  }
}

/** Applies Python's node defaults to the agent and returns its mode. */
function prepareMode(agent: LlmAgent): string {
  const holder = agent as unknown as { mode?: unknown; initialConfig?: Record<string, unknown> };
  if (holder.mode === undefined || holder.mode === null) holder.mode = 'single_turn';
  const mode = holder.mode;
  if (typeof mode !== 'string' || !(AGENT_NODE_MODES as readonly string[]).includes(mode)) {
    throw new WorkflowConfigurationError({
      message: `LlmAgent as node only supports task, single_turn, and chat mode, but agent '${agent.name}' has mode='${String(mode)}'.`,
      nodeName: agent.name,
    });
  }
  // Only a value the agent's config set explicitly is kept (Python `model_fields_set`).
  const explicit = holder.initialConfig !== undefined && 'includeContents' in holder.initialConfig;
  if (mode === 'single_turn' && !explicit) agent.includeContents = 'none';
  return mode;
}

/**
 * Adds the node input as a user event to the session's events in memory
 * (Python `prepare_llm_agent_input`): not stored, but seen by the agent's
 * content builder as its turn. Skipped without input and on a rerun with
 * resume inputs, where it would hide the user's function response.
 */
function injectUserTurn(ctx: NodeContext, nodeInput: unknown): void {
  if (nodeInput === undefined || nodeInput === null) return;
  if (Object.keys(ctx.resumeInputs).length > 0) return;
  const branch = ctx.invocation.branch;
  const event = createEvent({
    author: 'user',
    invocationId: ctx.invocationId,
    content: toUserContent(nodeInput),
    ...(branch ? { branch } : {}),
    ...(ctx.isolationScope ? { isolationScope: ctx.isolationScope } : {}),
  });
  ctx.invocation.session.events.push(event);
}

/** True for an agent (any copy of this package's BaseAgent). */
export function isAgent(value: unknown): value is BaseAgent {
  return value instanceof BaseAgent;
}
