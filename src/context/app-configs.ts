/** Whether paused invocations (long-running tools, confirmations, HITL) can be resumed. */
export interface ResumabilityConfig {
  isResumable: boolean;
}

export {
  ContextCacheConfig,
  createContextCacheConfig,
  type ContextCacheConfigInput,
} from '../models/context-cache-config.js';
