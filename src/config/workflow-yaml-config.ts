import { z } from 'zod';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { CodeConfig, formatIssues } from './agent-config.js';

/*
 * A Workflow written in YAML (ADK 2.x `agent_class: Workflow`): the graph's
 * `edges` as chains of node references, routing maps and explicit edges. See
 * docs/decisions/0040-workflows-in-yaml.md for where the shape comes from.
 */

/** The `agent_class` values that name the Workflow class. */
const WORKFLOW_CLASS_NAMES: readonly string[] = [
  'Workflow',
  'google.adk.Workflow',
  'google.adk.workflow.Workflow',
];

/** True when a config's `agent_class` names the Workflow class. */
export function isWorkflowClass(agentClass: unknown): boolean {
  return typeof agentClass === 'string' && WORKFLOW_CLASS_NAMES.includes(agentClass);
}

/**
 * A node reference in an edge: `START`, a YAML config file (`*.yaml` /
 * `*.yml`, relative to the workflow's file), a dotted name of code (a
 * function, node, agent or tool), or the bare name of a node an earlier
 * reference in the same workflow defined.
 */
export const NodeReferenceYaml = z.string().min(1);

/** A route value of an explicit edge: a string, number or boolean (`__DEFAULT__` is DEFAULT_ROUTE). */
export const RouteValueYaml = z.union([z.string(), z.number(), z.boolean()]);

/** One explicit edge (Python `Edge`): `from_node`, `to_node` and an optional route (one value or a list). */
export const WorkflowEdgeYaml = z.strictObject({
  from_node: NodeReferenceYaml,
  to_node: NodeReferenceYaml,
  route: z.union([RouteValueYaml, z.array(RouteValueYaml)]).nullish(),
});
/** One explicit edge. */
export type WorkflowEdgeYaml = z.infer<typeof WorkflowEdgeYaml>;

/**
 * One element of a chain: a node reference, a list of them (a fan-out or
 * fan-in), or a mapping — an inline agent config when it has a `name`,
 * otherwise a routing map (route → node reference or list of them).
 */
export const ChainElementYaml = z.union([
  NodeReferenceYaml,
  z.array(NodeReferenceYaml).min(1),
  z.record(z.string(), z.unknown()),
]);
/** One element of a chain. */
export type ChainElementYaml = z.infer<typeof ChainElementYaml>;

/** A Workflow's config: the base agent fields, `edges` and `max_concurrency`. */
export const WorkflowYamlConfig = z.strictObject({
  agent_class: z.string(),
  name: z.string(),
  description: z.string().optional(),
  edges: z.array(z.union([z.array(ChainElementYaml).min(1), WorkflowEdgeYaml])).min(1),
  max_concurrency: z.int().nullish(),
  before_agent_callbacks: z.array(CodeConfig).nullish(),
  after_agent_callbacks: z.array(CodeConfig).nullish(),
});
/** A Workflow's config. */
export type WorkflowYamlConfig = z.infer<typeof WorkflowYamlConfig>;

/**
 * Validates a parsed YAML mapping as a Workflow config; throws
 * `InvalidAgentConfigError` naming `source` and listing every problem.
 */
export function parseWorkflowYamlConfig(data: unknown, source: string): WorkflowYamlConfig {
  const result = WorkflowYamlConfig.safeParse(data);
  if (result.success) return result.data;
  throw new InvalidAgentConfigError({
    message: `Invalid agent config ${source}:\n${formatIssues(result.error.issues, WorkflowYamlConfig)}`,
    cause: result.error,
  });
}
