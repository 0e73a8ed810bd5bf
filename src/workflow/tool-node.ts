import { randomUUID } from 'node:crypto';
import { Context } from '../context/context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent } from '../events/event.js';
import type { BaseTool } from '../tools/base-tool.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BaseNode, eventFields, type BaseNodeConfig } from './base-node.js';
import type { NodeContext } from './node-context.js';
import { contentText, isContent } from './node-schema.js';

/** Options of a ToolNode (adk-js `ToolNodeConfig`): a node's fields, the name defaulting to the tool's. */
export type ToolNodeConfig = Omit<Partial<BaseNodeConfig>, 'name'> & { name?: string };

/**
 * A tool as a workflow node (Python `_ToolNode`, 004 §2): the node input is
 * the tool's arguments and the tool's result is the node's output. The input
 * may be an object of arguments, nothing (no arguments), a JSON string of an
 * object, or a `Content` whose text is one; anything else fails the node.
 * The tool runs with a tool context of its own (a fresh function call id)
 * over the node's invocation; the state it writes goes out on the output
 * event (or on an event of its own when the tool returns nothing).
 * It does not rerun on resume.
 */
export class ToolNode extends BaseNode {
  readonly tool: BaseTool;

  constructor(tool: BaseTool, config: ToolNodeConfig = {}) {
    super({
      ...config,
      name: config.name ?? tool.name,
      description: config.description ?? tool.description,
      rerunOnResume: false,
    });
    this.tool = tool;
  }

  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    const args = this.toolArgs(nodeInput);
    const toolContext = new Context(ctx.invocation, { functionCallId: randomUUID() });
    const response = await this.tool.runAsync({ args, context: toolContext });
    const stateDelta = { ...toolContext.actions.stateDelta };
    const hasDelta = Object.keys(stateDelta).length > 0;
    if (response === undefined || response === null) {
      if (hasDelta) yield createEvent({ ...eventFields(ctx, this.name), actions: { stateDelta } });
      return;
    }
    yield createEvent({
      ...eventFields(ctx, this.name),
      output: response,
      ...(hasDelta ? { actions: { stateDelta } } : {}),
    });
  }

  private toolArgs(nodeInput: unknown): Record<string, unknown> {
    let args = isContent(nodeInput) ? contentText(nodeInput) : nodeInput;
    if (typeof args === 'string') {
      const text = args.trim();
      args = text === '' ? undefined : parseJsonOr(text);
    }
    if (args === undefined || args === null) return {};
    if (!isPlainObject(args)) {
      throw new InvalidArgumentError({
        message: `The input to ToolNode '${this.name}' must be an object of tool arguments or nothing, but got ${Array.isArray(args) ? 'an array' : typeof args}.`,
      });
    }
    return args;
  }
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
