import { AdkError, hasMarker } from './adk-error.js';

const name = 'GraphValidationError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Which rule of a workflow graph was broken (the reference's check order). */
export type GraphValidationRule =
  | 'duplicate-node-names'
  | 'missing-start'
  | 'routed-start-edge'
  | 'unreachable-nodes'
  | 'start-has-incoming-edges'
  | 'duplicate-edge'
  | 'default-route-in-list'
  | 'multiple-default-routes'
  | 'unconditional-cycle'
  | 'schema-mismatch'
  | 'chat-agent-after-node'
  | 'old-orchestrator';

/**
 * Thrown when a workflow graph is not well formed (Python
 * `GraphValidationError`): the graph is rejected at construction, before any
 * node runs. `rule` says which check failed and `nodeNames` names the nodes
 * involved (for a cycle, in cycle order with the first node repeated last).
 */
export class GraphValidationError extends AdkError {
  private readonly [marker] = true;
  /** The check that failed. */
  readonly rule: GraphValidationRule;
  /** The nodes the failure is about. */
  readonly nodeNames: readonly string[];

  constructor({
    rule,
    nodeNames,
    message,
  }: {
    rule: GraphValidationRule;
    nodeNames: readonly string[];
    message: string;
  }) {
    super({ name, message: `Graph validation failed. ${message}` });
    this.rule = rule;
    this.nodeNames = [...nodeNames];
  }

  static override isInstance(error: unknown): error is GraphValidationError {
    return hasMarker(error, marker);
  }
}
