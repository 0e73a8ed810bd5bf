/** The prefix of every `customMetadata` key `RemoteA2aAgent` writes (Python `A2A_METADATA_PREFIX`). */
export const A2A_METADATA_PREFIX = 'a2a:';

/** `customMetadata` keys of the events `RemoteA2aAgent` yields, as Python names them. */
export const A2aMetadataKey = {
  /** The remote task's id. */
  taskId: `${A2A_METADATA_PREFIX}task_id`,
  /** The remote conversation's context id, sent back on the next turn. */
  contextId: `${A2A_METADATA_PREFIX}context_id`,
  /** The A2A message sent, as protocol JSON. */
  request: `${A2A_METADATA_PREFIX}request`,
  /** The task (as aggregated so far) or message answered, as protocol JSON. */
  response: `${A2A_METADATA_PREFIX}response`,
} as const;
