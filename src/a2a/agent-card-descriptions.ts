import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import {
  childSubjects,
  subjectType,
  type CardSubject,
  type CardSubjectType,
} from './agent-card-subject.js';

const DEFAULT_DESCRIPTIONS: Record<CardSubjectType, string> = {
  llm: 'An LLM-based agent',
  sequential_workflow: 'A sequential workflow agent',
  parallel_workflow: 'A parallel workflow agent',
  loop_workflow: 'A loop workflow agent',
  graph_workflow: 'A graph-based workflow agent',
  custom_agent: 'A custom agent',
};

/**
 * The description of a subject's own skill (Python `_build_agent_description`):
 * its description, then, for a workflow with children, what the workflow does
 * with them, joined by a space; the type's default (`An LLM-based agent`, `A
 * sequential workflow agent`, …, `A custom agent`) when both are empty. An
 * LLM agent's instructions are never used: the card is served without
 * authentication.
 */
export function subjectDescription(subject: CardSubject): string {
  const parts: string[] = [];
  if (subject.description) parts.push(subject.description);
  const workflow = workflowDescription(subject);
  if (workflow) parts.push(workflow);
  return parts.length ? parts.join(' ') : DEFAULT_DESCRIPTIONS[subjectType(subject)];
}

/**
 * What a workflow does with its children (Python `_get_workflow_description`),
 * each child told by its description or `execute the <name> agent`:
 * sequential `First, this agent will A Then, this agent will B Finally, this
 * agent will C.`; parallel `This agent will A , B and C simultaneously.`;
 * loop the same list ending `in a loop (max <n> iterations).` (`unlimited`
 * without a limit); a graph workflow `This workflow orchestrates the
 * following nodes: a: A; b: B.` (trailing periods of a node's description
 * dropped, `execute the <name> node` without one). Undefined for a subject
 * without children and for any other kind.
 */
export function workflowDescription(subject: CardSubject): string | undefined {
  const children = childSubjects(subject);
  if (children.length === 0) return undefined;
  const { target } = subject;
  const told = children.map((child) => child.description || `execute the ${child.name} agent`);
  if (target instanceof SequentialAgent) return sequential(told);
  if (target instanceof ParallelAgent) return `${listed(told)} simultaneously.`;
  if (target instanceof LoopAgent) {
    return `${listed(told)} in a loop (max ${target.maxIterations ?? 'unlimited'} iterations).`;
  }
  if (subjectType(subject) === 'graph_workflow') {
    const nodes = children.map(
      (child) =>
        `${child.name}: ${child.description ? child.description.replace(/\.+$/, '') : `execute the ${child.name} node`}`,
    );
    return `This workflow orchestrates the following nodes: ${nodes.join('; ')}.`;
  }
  return undefined;
}

function sequential(items: string[]): string {
  const steps = items.map((item, index) =>
    index === 0
      ? `First, this agent will ${item}`
      : index === items.length - 1
        ? `Finally, this agent will ${item}`
        : `Then, this agent will ${item}`,
  );
  return `${steps.join(' ')}.`;
}

// Python joins `This agent will a`, `, b`, `and c` with spaces, so a middle
// item reads ` , b`: kept, as cards are compared byte for byte.
function listed(items: string[]): string {
  return items
    .map((item, index) =>
      index === 0
        ? `This agent will ${item}`
        : index === items.length - 1
          ? `and ${item}`
          : `, ${item}`,
    )
    .join(' ');
}
