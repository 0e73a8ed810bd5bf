import type { InvocationContext } from '../context/invocation-context.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { getFunctionCalls, getFunctionResponses } from '../events/event-predicates.js';
import type { ToolUnion } from '../flows/llm-agent-contract.js';
import { isTaskAgentTool, type TaskAgentTool } from '../tools/task-agent-tool.js';
import type { FunctionCall } from '../types/index.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import type { BaseAgent } from './base-agent.js';
import { runTaskAgent, type TaskOutcome } from './run-task-agent.js';

/** What the delegation loop needs of the chat agent that delegates. */
export interface DelegatingAgent {
  readonly name: string;
  readonly tools: readonly ToolUnion[];
  readonly rootAgent: BaseAgent;
  /** One run of the agent's LLM flow in `context`. */
  runFlow(context: InvocationContext): AsyncGenerator<Event, void, undefined>;
}

/**
 * A chat agent's run with task delegation (004 §10, Python
 * `run_llm_agent_as_node` in chat mode). Without delegation tools it is one
 * run of the flow. With them:
 *
 * 1. delegations left open by an earlier turn (a delegation call of this
 *    agent with no response yet: the task asked the user something) are
 *    resumed first; if one is still not finished, the turn ends there;
 * 2. the flow runs; when the model calls a delegation tool, the flow is
 *    left after the calls' event (after the responses of the other tools in
 *    the same event, when there are some), each task agent runs in the
 *    isolation scope named by its call id, on the sub-branch
 *    `<branch>.<agent>@<call id>` (a child node run of this agent's node,
 *    run id = call id, when the agent runs in the node runtime; see
 *    `delegate`), and its output comes back as a user-authored function
 *    response to the call; then the flow runs again, so the model sees the
 *    result. A task that ends waiting for the user ends the turn (in the
 *    node runtime, by the `NodeInterruptedError` that `runNode` throws).
 */
export async function* runWithTaskDelegation(
  agent: DelegatingAgent,
  context: InvocationContext,
): AsyncGenerator<Event, void, undefined> {
  const delegationTools = new Map<string, TaskAgentTool>();
  for (const tool of agent.tools) {
    if (isTaskAgentTool(tool)) delegationTools.set(tool.name, tool);
  }
  if (delegationTools.size === 0) {
    yield* agent.runFlow(context);
    return;
  }
  const open = findOpenDelegations(context.session.events, agent.name, delegationTools);
  for (const call of open) {
    const outcome = yield* delegate(agent, call, context);
    if (!outcome.finished) return;
  }
  for (;;) {
    let delegated = false;
    const flow = agent.runFlow(context);
    for await (const event of flow) {
      yield event;
      const calls = event.partial ? [] : delegationCalls(event, delegationTools);
      if (calls.length === 0) continue;
      if (getFunctionCalls(event).length > calls.length) yield* drainToolResponses(flow);
      for (const call of calls) {
        const outcome = yield* delegate(agent, call, context);
        if (!outcome.finished) return;
      }
      delegated = true;
      break;
    }
    if (!delegated) return;
  }
}

/**
 * Runs the task agent a delegation call names and, when it finishes, yields
 * the call's response. Inside the node runtime (the coordinator runs as a
 * node: a root agent with delegation tools, or a workflow node) the task is
 * a child node run (Python `_dispatch_task_fc`): `ctx.runNode` with the
 * call's id as run id (so a resumed turn finds the same run), on the
 * sub-branch `<agent>@<call id>`, in the call's isolation scope; its events
 * reach the Runner through the node runtime, and a task that waits for the
 * user throws `NodeInterruptedError`, which ends the coordinator's run as
 * waiting. Outside it (an agent run directly, not by a Runner) the task
 * agent runs inline on the same branch and scope.
 */
async function* delegate(
  agent: DelegatingAgent,
  call: FunctionCall,
  context: InvocationContext,
): AsyncGenerator<Event, TaskOutcome, undefined> {
  const name = call.name ?? '';
  const target = agent.rootAgent.findAgent(name);
  if (!target) throw new AgentNotFoundError({ agentName: name });
  const scope = call.id ?? '';
  const workflowNode = context.workflowNode;
  if (workflowNode) {
    const output = await workflowNode.runNode(target as never, call.args ?? {}, {
      runId: scope,
      useSubBranch: true,
      overrideIsolationScope: scope,
      raiseOnWait: true,
    });
    yield taskResponseEvent(call, output, context);
    return { finished: true, output };
  }
  const segment = `${target.name}@${scope}`;
  const taskContext = context.copy({
    agent: target,
    branch: context.branch ? `${context.branch}.${segment}` : segment,
    isolationScope: scope,
  });
  const outcome = yield* runTaskAgent(target, taskContext);
  if (outcome.finished) yield taskResponseEvent(call, outcome.output, context);
  return outcome;
}

/**
 * The function response that returns a finished task's output to the
 * delegating agent: authored by the user, in the delegating agent's branch
 * and scope; an object output is the response, any other is `{output}`.
 */
function taskResponseEvent(call: FunctionCall, output: unknown, context: InvocationContext): Event {
  const response = isPlainObject(output) ? output : { output };
  return createEvent({
    invocationId: context.invocationId,
    author: 'user',
    content: {
      role: 'user',
      parts: [{ functionResponse: { id: call.id, name: call.name, response } }],
    },
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    ...(context.isolationScope === undefined ? {} : { isolationScope: context.isolationScope }),
  });
}

function delegationCalls(
  event: Event,
  delegationTools: ReadonlyMap<string, TaskAgentTool>,
): FunctionCall[] {
  return getFunctionCalls(event).filter(
    (call) => call.id && call.name !== undefined && delegationTools.has(call.name),
  );
}

/**
 * Yields the rest of the current step of `flow` after a model event that
 * mixed delegation calls with other calls: the other calls' responses (and
 * any confirmation requests before them). Stops after the first event with
 * function responses, or before a model event, which would start another
 * model call without the tasks' responses.
 */
async function* drainToolResponses(
  flow: AsyncGenerator<Event, void, undefined>,
): AsyncGenerator<Event, void, undefined> {
  for (;;) {
    const next = await flow.next();
    if (next.done) return;
    const event = next.value;
    if (event.content?.role === 'model') {
      const confirmation = getFunctionCalls(event).some(
        (call) => call.name === 'adk_request_confirmation',
      );
      if (!confirmation) return;
    }
    yield event;
    if (getFunctionResponses(event).length > 0) return;
  }
}

/**
 * The delegation calls of `owner` still without a response (Python
 * `_find_unresolved_task_delegations`): calls of delegation tools in events
 * written by `owner`, less those answered in events written by `owner` or
 * the user. Scopes are not looked at: the owner's calls of earlier turns
 * count too.
 */
export function findOpenDelegations(
  events: readonly Event[],
  owner: string,
  delegationTools: ReadonlyMap<string, unknown>,
): FunctionCall[] {
  const calls = new Map<string, FunctionCall>();
  const answered = new Set<string>();
  for (const event of events) {
    if (event.author !== owner && event.author !== 'user') continue;
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call?.id && call.name !== undefined && delegationTools.has(call.name)) {
        calls.set(call.id, call);
      }
      const responseId = part.functionResponse?.id;
      if (responseId) answered.add(responseId);
    }
  }
  return [...calls.values()].filter((call) => !answered.has(call.id!));
}
