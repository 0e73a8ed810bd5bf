import type { BeforeModelHookArguments } from '../context/hook-arguments.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';
import { logger } from '../utils/logger.js';
import { BasePlugin } from './base-plugin.js';

/** Options of `ContextFilterPlugin` (Python `ContextFilterPlugin.__init__`). */
export interface ContextFilterPluginOptions {
  /**
   * How many of the latest invocations to send. An invocation starts with one
   * or more consecutive user messages (not tool results) and runs, through
   * any model turns and tool calls, until the next user message. Unset or
   * not positive: no trimming.
   */
  numInvocationsToKeep?: number;
  /** Applied to the contents after the trimming; returns the contents to send. */
  customFilter?: (contents: Content[]) => Content[];
  /** The plugin's name; default `context_filter_plugin`. */
  name?: string;
}

/**
 * Shrinks the conversation sent to the model (Python `ContextFilterPlugin`):
 * before every model call it keeps only the last `numInvocationsToKeep`
 * invocations, moving the cut earlier when a kept function response would
 * lose its function call, then applies `customFilter`. A failure is logged
 * and the request goes out as it was. It never short-circuits the call.
 */
export class ContextFilterPlugin extends BasePlugin {
  private readonly numInvocationsToKeep: number | undefined;
  private readonly customFilter: ((contents: Content[]) => Content[]) | undefined;

  constructor(options: ContextFilterPluginOptions = {}) {
    super(options.name ?? 'context_filter_plugin');
    this.numInvocationsToKeep = options.numInvocationsToKeep;
    this.customFilter = options.customFilter;
  }

  override beforeModelCallback({ request }: BeforeModelHookArguments): LlmResponse | undefined {
    try {
      let contents = request.contents;
      const keep = this.numInvocationsToKeep;
      if (keep !== undefined && keep > 0) {
        const starts = invocationStartIndices(contents);
        if (starts.length > keep) {
          const split = adjustSplitIndexToAvoidOrphanedFunctionResponses(
            contents,
            starts[starts.length - keep]!,
          );
          contents = contents.slice(split);
        }
      }
      if (this.customFilter) contents = this.customFilter(contents);
      request.contents = contents;
    } catch (error) {
      logger.error('Failed to reduce context for request', error);
    }
    return undefined;
  }
}

/**
 * The index from which to keep `contents` so that no kept function response
 * loses its function call: `splitIndex`, or earlier (Python
 * `_adjust_split_index_to_avoid_orphaned_function_responses`).
 */
export function adjustSplitIndexToAvoidOrphanedFunctionResponses(
  contents: readonly Content[],
  splitIndex: number,
): number {
  const neededCallIds = new Set<string>();
  for (let i = contents.length - 1; i >= 0; i--) {
    const parts = contents[i]!.parts ?? [];
    for (let j = parts.length - 1; j >= 0; j--) {
      const part = parts[j]!;
      if (part.functionResponse?.id) neededCallIds.add(part.functionResponse.id);
      if (part.functionCall?.id) neededCallIds.delete(part.functionCall.id);
    }
    if (i <= splitIndex && neededCallIds.size === 0) return i;
  }
  return 0;
}

/** Where each invocation starts: the first of each run of user messages that are not tool results. */
function invocationStartIndices(contents: readonly Content[]): number[] {
  const starts: number[] = [];
  let previousWasHumanUser = false;
  contents.forEach((content, index) => {
    const humanUser = isHumanUserContent(content);
    if (humanUser && !previousWasHumanUser) starts.push(index);
    previousWasHumanUser = humanUser;
  });
  return starts;
}

function isHumanUserContent(content: Content): boolean {
  return content.role === 'user' && !hasFunctionResponse(content);
}

function hasFunctionResponse(content: Content): boolean {
  return (content.parts ?? []).some(
    (part) => part.functionResponse !== undefined && part.functionResponse !== null,
  );
}
