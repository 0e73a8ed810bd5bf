import type { Context } from '../context/context.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Part, ThinkingConfig } from '../types/index.js';
import { BasePlanner } from './base-planner.js';

/**
 * Uses the model's own thinking (Python `BuiltInPlanner`): sets the request's
 * `thinkingConfig`; adds no instruction and leaves responses alone.
 */
export class BuiltInPlanner extends BasePlanner {
  readonly thinkingConfig: ThinkingConfig;

  constructor({ thinkingConfig }: { thinkingConfig: ThinkingConfig }) {
    super();
    this.thinkingConfig = thinkingConfig;
  }

  /** Puts the thinking config on the request. */
  applyThinkingConfig(request: LlmRequest): void {
    request.config.thinkingConfig = { ...this.thinkingConfig };
  }

  override buildPlanningInstruction(_context: ReadonlyContext, _request: LlmRequest): undefined {
    return undefined;
  }

  override processPlanningResponse(_context: Context, _parts: readonly Part[]): undefined {
    return undefined;
  }
}
