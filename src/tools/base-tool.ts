import type { Context } from '../context/context.js';
import type { ToolContract } from '../context/tool-contract.js';
import { appendTools, type LlmRequest, type LlmRequestTool } from '../models/llm-request.js';
import type { FunctionDeclaration } from '../types/index.js';

/** Fields every tool accepts. */
export interface BaseToolOptions {
  /** The name the model calls the tool by. */
  name: string;
  /** What the tool does; sent to the model with the declaration. */
  description: string;
  /** True when the tool returns before its work is done (the invocation may pause). */
  isLongRunning?: boolean;
  /** Free-form data attached to the tool. */
  customMetadata?: Record<string, unknown>;
}

/** Arguments of `BaseTool.runAsync`. */
export interface RunToolArguments {
  /** The model's arguments (a deep copy: changing them does not change the event). */
  args: Record<string, unknown>;
  /** The tool context: state, actions, artifacts, memory, confirmations. */
  context: Context;
}

/** Arguments of `processLlmRequest`. */
export interface ProcessLlmRequestArguments {
  context: Context;
  request: LlmRequest;
}

/**
 * The base of every tool (Python `BaseTool`). A tool declares itself to the
 * model (`getDeclaration`, added to the request by `processLlmRequest`) and
 * runs when the model calls it (`runAsync`). Tools the model runs itself
 * (Gemini's search, code execution) have no declaration and change the
 * request in `processLlmRequest` instead.
 */
export abstract class BaseTool implements ToolContract, LlmRequestTool {
  readonly name: string;
  readonly description: string;
  readonly isLongRunning: boolean;
  readonly customMetadata: Record<string, unknown> | undefined;
  /**
   * True when the framework answers the tool's calls itself (task
   * delegation): a call the tool returns nothing for gets no function
   * response from the flow.
   */
  readonly defersResponse: boolean = false;

  constructor({ name, description, isLongRunning = false, customMetadata }: BaseToolOptions) {
    this.name = name;
    this.description = description;
    this.isLongRunning = isLongRunning;
    this.customMetadata = customMetadata;
  }

  /** The function declaration sent to the model; undefined for tools without one. */
  getDeclaration(): FunctionDeclaration | undefined {
    return undefined;
  }

  /**
   * Runs the tool. The result becomes the function response (a non-object
   * result is wrapped as `{result: …}`); a long-running tool may return
   * undefined to answer later. Throwing runs the on-tool-error hooks.
   */
  abstract runAsync(args: RunToolArguments): Promise<unknown>;

  /** Adds the tool to the request; by default, its declaration (spec 000 §3.9). */
  processLlmRequest({ request }: ProcessLlmRequestArguments): Promise<void> {
    appendTools(request, [this]);
    return Promise.resolve();
  }
}

/** True for any BaseTool instance, including one from another copy of this package. */
export function isBaseTool(value: unknown): value is BaseTool {
  return (
    value instanceof BaseTool ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as BaseTool).runAsync === 'function' &&
      typeof (value as BaseTool).processLlmRequest === 'function' &&
      typeof (value as BaseTool).name === 'string')
  );
}
