import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { createEvent, type Event } from '../events/event.js';
import { isEvent } from './event-guard.js';
import type { NodeContext } from './node-context.js';
import { validateNodeData, type NodeSchema } from './node-schema.js';
import { createRequestInputEvent } from './request-input-event.js';
import { isRequestInput } from './request-input.js';
import { prepareRetryConfig, type PreparedRetryConfig, type RetryConfig } from './retry-config.js';
import { isIdentifier } from '../utils/is-identifier.js';

const marker = Symbol.for('adk-ts.workflow.BaseNode');

/** Fields every node accepts (Python `BaseNode`). */
export interface BaseNodeConfig {
  /** Unique within a graph; must be an identifier (letters, digits, `_`, not starting with a digit). */
  name: string;
  /** What the node does (shown when a node is used as a tool). */
  description?: string;
  /**
   * After an interrupt is answered: true runs the node again (with
   * `ctx.resumeInputs`); false (default) completes it with the answer as its
   * output.
   */
  rerunOnResume?: boolean;
  /**
   * True: the node completes only when it yields an output or a route;
   * otherwise it stays WAITING and can be triggered again. Default false.
   */
  waitForOutput?: boolean;
  /** Retries on failure; none when unset. */
  retryConfig?: RetryConfig;
  /** Seconds the node may run before it fails with NodeTimeoutError; none when unset. */
  timeout?: number;
  /** Validates (and coerces) the input; zod only is enforced. */
  inputSchema?: NodeSchema;
  /** Validates (and coerces) each output; zod only is enforced. */
  outputSchema?: NodeSchema;
  /** Declares the state keys the node writes; inherited by child nodes. */
  stateSchema?: NodeSchema;
}

/**
 * A unit of a workflow (Python `workflow/_base_node.py`, 004 §2). Subclasses
 * implement `runImpl`; the engine calls `run`, which validates the input and
 * turns whatever `runImpl` yields into events:
 * - `null` / `undefined`: skipped;
 * - an `Event`: passed on, its `output` validated against `outputSchema`;
 * - a `RequestInput`: an `adk_request_input` long-running function-call event;
 * - any other value: an event whose `output` is that value, validated.
 *
 * Events made here carry the context's author (or the node's name), the
 * invocation id and the branch; the node runner adds `nodeInfo` and the
 * isolation scope and records outputs, routes and interrupts on the context.
 */
export abstract class BaseNode {
  private readonly [marker] = true;
  readonly name: string;
  readonly description: string;
  readonly rerunOnResume: boolean;
  readonly waitForOutput: boolean;
  readonly retryConfig: RetryConfig | undefined;
  /** `retryConfig` checked and with exception classes reduced to names. */
  readonly preparedRetryConfig: PreparedRetryConfig | undefined;
  readonly timeout: number | undefined;
  readonly inputSchema: NodeSchema | undefined;
  readonly outputSchema: NodeSchema | undefined;
  readonly stateSchema: NodeSchema | undefined;

  constructor(config: BaseNodeConfig) {
    if (typeof config.name !== 'string' || !isIdentifier(config.name)) {
      throw new WorkflowConfigurationError({
        message: `Node name '${String(config.name)}' must be a valid identifier.`,
        nodeName: String(config.name),
      });
    }
    if (config.timeout !== undefined && !(config.timeout > 0)) {
      throw new WorkflowConfigurationError({
        message: `Node '${config.name}': timeout must be a positive number of seconds.`,
        nodeName: config.name,
      });
    }
    this.name = config.name;
    this.description = config.description ?? '';
    this.rerunOnResume = config.rerunOnResume ?? false;
    this.waitForOutput = config.waitForOutput ?? false;
    this.retryConfig = config.retryConfig;
    this.preparedRetryConfig = config.retryConfig && prepareRetryConfig(config.retryConfig);
    this.timeout = config.timeout;
    this.inputSchema = config.inputSchema;
    this.outputSchema = config.outputSchema;
    this.stateSchema = config.stateSchema;
  }

  /** True when the scheduler must wait for every predecessor before running the node (JoinNode). */
  get requiresAllPredecessors(): boolean {
    return false;
  }

  /** Runs the node, yielding its normalised events (see the class comment). */
  async *run(ctx: NodeContext, nodeInput: unknown): AsyncGenerator<Event, void, undefined> {
    const input = this.validateInput(nodeInput);
    for await (const item of this.runImpl(ctx, input)) {
      if (item === null || item === undefined) continue;
      if (isEvent(item)) {
        if (item.output !== undefined && item.output !== null) {
          item.output = this.validateOutput(item.output);
        }
        yield item;
      } else if (isRequestInput(item)) {
        yield createRequestInputEvent(item, eventFields(ctx, this.name));
      } else {
        yield createEvent({ ...eventFields(ctx, this.name), output: this.validateOutput(item) });
      }
    }
  }

  /**
   * The node's logic: yields events, `RequestInput`s, plain values (outputs)
   * or nothing. Exceptions fail the attempt (and are retried per `retryConfig`).
   */
  protected abstract runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined>;

  /** The input after `inputSchema` (Python `_validate_input_data`). */
  protected validateInput(data: unknown): unknown {
    return validateNodeData(this.inputSchema, data, { nodeName: this.name, direction: 'input' });
  }

  /** An output after `outputSchema` (Python `_validate_output_data`). */
  protected validateOutput(data: unknown): unknown {
    return validateNodeData(this.outputSchema, data, { nodeName: this.name, direction: 'output' });
  }

  /** True for a node from any copy of this package. */
  static isInstance(value: unknown): value is BaseNode {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}

/** The author, invocation id and branch of an event a node makes. */
export function eventFields(
  ctx: NodeContext,
  nodeName: string,
): { author: string; invocationId: string; branch?: string } {
  const branch = ctx.branch;
  return {
    author: ctx.eventAuthor || nodeName,
    invocationId: ctx.invocationId,
    ...(branch === undefined ? {} : { branch }),
  };
}

/** True for a node from any copy of this package (adk-js `isBaseNode`). */
export function isBaseNode(value: unknown): value is BaseNode {
  return BaseNode.isInstance(value);
}
