import type { z } from 'zod';
import type { AuthConfigInput } from '../auth/auth-config.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { createEvent, type Event } from '../events/event.js';
import { BaseNode, eventFields, type BaseNodeConfig } from './base-node.js';
import { setOwn } from '../utils/get-own.js';
import { isEvent } from './event-guard.js';
import { bindStateParams, type StateParams } from './function-node-state-params.js';
import { nodeAuthGate } from './node-auth.js';
import { CredentialManager } from '../tools/credential-manager.js';
import type { NodeContext } from './node-context.js';
import { isContent } from './node-schema.js';
import { isRequestInput } from './request-input.js';

/**
 * A function a FunctionNode runs. It is called as
 * `handler(ctx, nodeInput, stateParams)` and may return a value or a promise
 * of one, or be a sync or async generator yielding values. Each value is an
 * `Event`, a `RequestInput`, a genai `Content`, null/undefined (nothing) or
 * any other value (an output).
 *
 * Python binds parameters by name (`ctx`, `node_input`, the others from
 * `ctx.state`). JavaScript functions carry no usable parameter names
 * (minifiers rename them), so the context and the input come by position,
 * as in adk-js, and the state values come as one object, read from the keys
 * the node's `stateParams` option declares (decision 0037); it is `{}` when
 * the node declares none.
 */
export type FunctionNodeHandler<TInput = unknown, TState = Record<string, unknown>> = (
  ctx: NodeContext,
  nodeInput: TInput,
  stateParams: TState,
) => unknown;

/** Options of a FunctionNode: every BaseNode field but the name, and the state keys it binds. */
export type FunctionNodeConfig<TState = Record<string, unknown>> = Omit<
  Partial<BaseNodeConfig>,
  'name'
> & {
  /**
   * The state keys bound to the function's third argument (Python binds the
   * function's parameters from `ctx.state` by name): a zod object, one field
   * per key. A missing key takes its field's default (`.default(…)`) or is
   * left out (`.optional()`); otherwise, or when a value does not fit, the
   * node fails with `WorkflowDataError`.
   */
  stateParams?: z.ZodType<TState> & StateParams;
  /**
   * The credential the node needs before it runs (Python `auth_config`).
   * Without it in session state, the node asks the client
   * (`adk_request_credential`, interrupt id `wf_auth:<node path>`) and
   * waits; the answer reruns it, and the function reads the credential with
   * `ctx.getAuthResponse(authConfig)`. Needs `rerunOnResume: true`.
   */
  authConfig?: AuthConfigInput;
};

/**
 * A node over a function, async function or (async) generator (Python
 * `FunctionNode`, 004 §2). Like Python's, it does not rerun on resume by
 * default: the answer to its interrupt becomes its output. State the function
 * writes through `ctx.state` goes out on its events' `actions.stateDelta`;
 * when it returns nothing but wrote state, an event carries just the delta.
 * With `authConfig` it gets its credential first (see `nodeAuthGate`).
 */
export class FunctionNode<TInput = unknown, TState = Record<string, unknown>> extends BaseNode {
  /** The state keys bound to the function's third argument; none when unset. */
  readonly stateParams: StateParams | undefined;
  /** The credential the node needs before it runs; undefined when none. */
  readonly authConfig: AuthConfigInput | undefined;
  private readonly handler: FunctionNodeHandler<TInput, TState>;
  // Made on the first run and kept: endpoint discovery then happens once per node, not per run.
  private credentialManager: CredentialManager | undefined;

  /**
   * `new FunctionNode(name, handler, config)`, as adk-js writes it. Throws
   * `WorkflowConfigurationError` for an `authConfig` without `rerunOnResume`.
   */
  constructor(
    name: string,
    handler: FunctionNodeHandler<TInput, TState>,
    config: FunctionNodeConfig<TState> = {},
  ) {
    const { stateParams, authConfig, ...nodeConfig } = config;
    if (authConfig && !nodeConfig.rerunOnResume) {
      throw new WorkflowConfigurationError({
        message:
          'FunctionNode with authConfig requires rerunOnResume: true. ' +
          'The node must rerun after credentials are provided.',
        nodeName: name,
      });
    }
    super({ ...nodeConfig, name });
    this.stateParams = stateParams;
    this.authConfig = authConfig;
    this.handler = handler;
  }

  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    if (this.authConfig) {
      this.credentialManager ??= new CredentialManager({ authConfig: this.authConfig });
      const request = await nodeAuthGate(ctx, this.name, this.credentialManager);
      if (request) {
        yield request;
        return;
      }
    }
    const state = this.stateParams ? bindStateParams(this.name, this.stateParams, ctx.state) : {};
    const result: unknown = this.handler(ctx, nodeInput as TInput, state as TState);
    if (isGenerator(result)) {
      for (const item of result) yield this.toEvent(ctx, item);
    } else if (isAsyncGenerator(result)) {
      for await (const item of result) yield this.toEvent(ctx, item);
    } else {
      yield this.toEvent(ctx, await result);
    }
  }

  /** Python `FunctionNode._to_event`: attaches the pending state delta to what the function produced. */
  private toEvent(ctx: NodeContext, data: unknown): unknown {
    const stateDelta = ctx.actions.stateDelta;
    const hasDelta = Object.keys(stateDelta).length > 0;
    if (data === null || data === undefined) {
      return hasDelta ? this.newEvent(ctx, { stateDelta }) : undefined;
    }
    if (isRequestInput(data)) return data;
    if (isEvent(data)) {
      if (hasDelta) {
        for (const [key, value] of Object.entries(stateDelta))
          setOwn(data.actions.stateDelta, key, value);
      }
      return data;
    }
    if (isContent(data)) return this.newEvent(ctx, { stateDelta }, { content: data });
    return this.newEvent(ctx, { stateDelta }, { output: data });
  }

  private newEvent(
    ctx: NodeContext,
    { stateDelta }: { stateDelta: Record<string, unknown> },
    fields: Partial<Pick<Event, 'content' | 'output'>> = {},
  ): Event {
    return createEvent({
      ...eventFields(ctx, this.name),
      ...fields,
      actions: { stateDelta: copyOwn(stateDelta) },
    });
  }
}

function isGenerator(value: unknown): value is Generator<unknown, unknown, unknown> {
  return Object.prototype.toString.call(value) === '[object Generator]';
}

function isAsyncGenerator(value: unknown): value is AsyncGenerator<unknown, unknown, unknown> {
  return Object.prototype.toString.call(value) === '[object AsyncGenerator]';
}

function copyOwn(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) setOwn(copy, key, value);
  return copy;
}
