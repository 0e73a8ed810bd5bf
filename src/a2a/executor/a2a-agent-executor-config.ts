import type { TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { Event } from '../../events/event.js';
import type { A2aSessionRef } from '../converters/event-metadata.js';
import type {
  A2aPartToGenaiPartConverter,
  GenaiPartToA2aPartConverter,
} from '../converters/part-converter.js';
import type { A2aRequestConverter } from '../converters/request-converter.js';
import type { A2aExecuteInterceptor } from './execute-interceptor.js';

/** Turns one ADK event into the A2A updates it becomes (Python `AdkEventToA2AEventsConverter`). */
export type A2aEventConverter = (
  event: Event,
  context: {
    session: A2aSessionRef;
    taskId: string;
    contextId: string;
    partConverter: GenaiPartToA2aPartConverter;
  },
) => TaskStatusUpdateEvent[];

/**
 * How `A2aAgentExecutor` converts and intercepts (Python
 * `A2aAgentExecutorConfig`); each field left out takes the package's own.
 */
export interface A2aAgentExecutorConfig {
  /** A2A parts of the request → ADK parts (default `a2aPartToGenaiPart`). */
  a2aPartConverter?: A2aPartToGenaiPartConverter;
  /** ADK parts of the run's events → A2A parts (default `genaiPartToA2aPart`). */
  genaiPartConverter?: GenaiPartToA2aPartConverter;
  /** The request → Runner arguments (default `a2aRequestToRunRequest`). */
  requestConverter?: A2aRequestConverter;
  /** Each ADK event → A2A status updates (default `eventToA2aStatusUpdates`). */
  eventConverter?: A2aEventConverter;
  /** Hooks around the execution, in order. */
  executeInterceptors?: A2aExecuteInterceptor[];
}
