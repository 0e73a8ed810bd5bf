import type { BaseAgent } from '../agents/base-agent.js';
import type { Event } from '../events/event.js';
import { findMatchingFunctionCall } from '../events/find-matching-function-call.js';
import type { Session } from '../sessions/session.js';
import { logger } from '../utils/logger.js';

/**
 * Picks the agent that handles the next turn (spec 000 §1.4): the author of
 * the function call that the last event answers, unless the call was made
 * inside a delegated task (isolation-scoped); else, scanning back over
 * agent-authored events that are neither state checkpoints nor a delegated
 * task's (isolation-scoped) events, the root agent if it
 * spoke, or the first known agent that can transfer across the tree; else the
 * root agent.
 */
export function findAgentToRun(session: Session, rootAgent: BaseAgent): BaseAgent {
  const callEvent = findMatchingFunctionCall(session.events);
  // A call made inside a delegated task is answered through its delegating agent.
  if (callEvent?.author && !callEvent.isolationScope) {
    const caller = rootAgent.findAgent(agentNameOf(callEvent));
    if (caller) return caller;
  }
  for (let index = session.events.length - 1; index >= 0; index--) {
    const event = session.events[index]!;
    if (!isCandidate(event)) continue;
    const author = agentNameOf(event);
    if (author === rootAgent.name) return rootAgent;
    const agent = rootAgent.findSubAgent(author);
    if (!agent) {
      // A workflow node authors its events by the node's name, which is no agent's.
      if (event.nodeInfo?.path === undefined) {
        logger.warn(`Event from an unknown agent: ${event.author}, event id: ${event.id}`);
      }
      continue;
    }
    if (isTransferableAcrossAgentTree(agent)) return agent;
  }
  return rootAgent;
}

/**
 * True when the agent and every ancestor up to the root are LLM agents that
 * allow transfer to their parent (spec 000 §1.4).
 */
export function isTransferableAcrossAgentTree(agent: BaseAgent): boolean {
  let current: BaseAgent | undefined = agent;
  while (current) {
    if (!current.canTransferToParent()) return false;
    current = current.parentAgent;
  }
  return true;
}

/**
 * The agent an event speaks for: a workflow node's event (ADK 2.x
 * `nodeInfo.path`, `wf@1/node@1`) belongs to the workflow named by its
 * path's first segment, whatever node authored it; any other event, to its
 * author.
 */
function agentNameOf(event: Event): string {
  const path = event.nodeInfo?.path;
  if (!path) return event.author;
  const first = path.split('/')[0] ?? '';
  const at = first.lastIndexOf('@');
  return at > 0 ? first.slice(0, at) : event.author;
}

function isCandidate(event: Event): boolean {
  if (event.author === 'user') return false;
  // A task agent's events (scoped) are part of its delegating agent's turn.
  if (event.isolationScope) return false;
  if (event.actions.agentState !== undefined && event.actions.agentState !== null) return false;
  return !event.actions.endOfAgent;
}
