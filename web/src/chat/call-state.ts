import type { FunctionCallCardProps } from './function-call-card';

/** Where a call stands, as `data-state` tells tests and styles. */
export type CallState = 'answered' | 'failed' | 'awaiting-user' | 'waiting' | 'no-response';

/**
 * Where a call card's call stands: answered once its response arrived,
 * failed when the run failed on it, awaiting the user when it is theirs to
 * answer, no response once the run ended without one, else waiting.
 */
export function callStateOf({
  response,
  failure,
  awaitingUser,
  canAnswer,
}: Pick<FunctionCallCardProps, 'response' | 'failure' | 'awaitingUser' | 'canAnswer'>): CallState {
  if (response) return 'answered';
  if (failure) return 'failed';
  if (awaitingUser) return 'awaiting-user';
  return canAnswer ? 'no-response' : 'waiting';
}
