/** The instrumentation scope of ADK's spans, as in adk-python. */
export const ADK_TRACER_NAME = 'gcp.vertex.agent';

/** `gcp.vertex.agent.event_id`: the event a span produced. */
export const EVENT_ID = 'gcp.vertex.agent.event_id';
/** `gcp.vertex.agent.session_id`: the session of a model call. */
export const SESSION_ID = 'gcp.vertex.agent.session_id';
/** `gcp.vertex.agent.invocation_id`: the invocation of a model call. */
export const INVOCATION_ID = 'gcp.vertex.agent.invocation_id';
/** `gen_ai.conversation.id`: the session of an agent invocation. */
export const CONVERSATION_ID = 'gen_ai.conversation.id';
