import { z } from 'zod';
import {
  CONTENT_CASING_RULE,
  FUNCTION_CALL_CASING_RULE,
  FUNCTION_RESPONSE_CASING_RULE,
  PART_CASING_RULE,
} from '../events/genai-casing.js';
import { VERBATIM, modelRule, type CasingRule } from '../events/json-casing.js';
import type {
  FunctionCall,
  FunctionResponse,
  GenerateContentResponseUsageMetadata,
} from '../types/index.js';
import { APP_DETAILS_CASING_RULE, AppDetails } from './app-details.js';
import {
  CONVERSATION_SCENARIO_CASING_RULE,
  ConversationScenario,
} from './conversation-scenarios.js';
import { RUBRIC_CASING_RULE, Rubric } from './eval-rubrics.js';
import {
  GenaiContent,
  GenaiFunctionCall,
  GenaiFunctionResponse,
  GenaiGroundingMetadata,
  GenaiPart,
  GenaiUsageMetadata,
} from './genai-schemas.js';

/**
 * What an agent produced on its way to a final response (Python
 * `IntermediateData`): tool uses and tool responses in chronological order,
 * and intermediate responses as `[author, parts]` pairs (a sub-agent's
 * progress messages in a multi-agent system).
 */
export const IntermediateData = z.looseObject({
  toolUses: z.array(GenaiFunctionCall).default(() => []),
  toolResponses: z.array(GenaiFunctionResponse).default(() => []),
  intermediateResponses: z.array(z.tuple([z.string(), z.array(GenaiPart)])).default(() => []),
});
/** What an agent produced on its way to a final response. */
export type IntermediateData = z.infer<typeof IntermediateData>;

/**
 * One event of an invocation as the eval system sees it (Python
 * `InvocationEvent`, a projection of `Event`). Unknown keys (the dev UI's
 * `invocationIndex`, `toolUseIndex`) are dropped, as Python ignores them.
 */
export const InvocationEvent = z.object({
  author: z.string(),
  content: GenaiContent.optional(),
  groundingMetadata: GenaiGroundingMetadata.optional(),
  usageMetadata: GenaiUsageMetadata.optional(),
  modelVersion: z.string().optional(),
});
/** One event of an invocation as the eval system sees it. */
export type InvocationEvent = z.infer<typeof InvocationEvent>;

/** The events of one invocation (Python `InvocationEvents`), the newer form of intermediate data. */
export const InvocationEvents = z.looseObject({
  invocationEvents: z.array(InvocationEvent).default(() => []),
});
/** The events of one invocation. */
export type InvocationEvents = z.infer<typeof InvocationEvents>;

/**
 * Either form of intermediate data. An object with an `invocationEvents`
 * (`invocation_events`) key is `InvocationEvents`, anything else
 * `IntermediateData`, as pydantic's smart union picks.
 */
export const IntermediateDataType = z.union([
  InvocationEvents.extend({ invocationEvents: z.array(InvocationEvent) }),
  IntermediateData,
]);
/** Either form of intermediate data. */
export type IntermediateDataType = IntermediateData | InvocationEvents;

/** True when `data` is the `InvocationEvents` form. */
export function isInvocationEvents(data: IntermediateDataType): data is InvocationEvents {
  return Array.isArray((data as { invocationEvents?: unknown }).invocationEvents);
}

/** One turn: the user's content, and the agent's final response and intermediate data (Python `Invocation`). */
export const Invocation = z.looseObject({
  invocationId: z.string().default(''),
  userContent: GenaiContent,
  finalResponse: GenaiContent.optional(),
  intermediateData: IntermediateDataType.optional(),
  /** Float seconds since the epoch; for debugging. */
  creationTimestamp: z.number().default(0),
  /** Model requests reconstructed from streamed event boundaries, when known. */
  inferenceCallCount: z.number().int().min(0).optional(),
  /** Wall-clock seconds the invocation took, set only when the eval ran it. */
  duration: z.number().optional(),
  /** Rubrics that apply to this invocation only. */
  rubrics: z.array(Rubric).optional(),
  appDetails: AppDetails.optional(),
});
/** One turn of a conversation. */
export type Invocation = z.infer<typeof Invocation>;

/** The state of a session: the user's own data. */
export type SessionState = Record<string, unknown>;

/**
 * What a case's session starts from (Python `SessionInput`). A fixed
 * `sessionId` lets a case reach artifacts stored for that session; an
 * existing session of that id is reused as it is.
 */
export const SessionInput = z.looseObject({
  appName: z.string(),
  userId: z.string(),
  sessionId: z.string().optional(),
  state: z.record(z.string(), z.unknown()).default(() => ({})),
});
/** What a case's session starts from. */
export type SessionInput = z.infer<typeof SessionInput>;

/**
 * One eval case (Python `EvalCase`): a static `conversation` or a
 * `conversationScenario` for a simulated user, exactly one of them.
 */
export const EvalCase = z
  .looseObject({
    evalId: z.string(),
    conversation: z.array(Invocation).optional(),
    conversationScenario: ConversationScenario.optional(),
    sessionInput: SessionInput.optional(),
    /** Float seconds since the epoch. */
    creationTimestamp: z.number().default(0),
    /** Rubrics that apply to every invocation of the conversation. */
    rubrics: z.array(Rubric).optional(),
    /** The expected session state at the end of the conversation. */
    finalSessionState: z.record(z.string(), z.unknown()).default(() => ({})),
  })
  .refine(
    (evalCase) =>
      (evalCase.conversation === undefined) !== (evalCase.conversationScenario === undefined),
    {
      message:
        'Exactly one of conversation and conversation_scenario must be provided in an EvalCase.',
    },
  );
/** One eval case. */
export type EvalCase = z.infer<typeof EvalCase>;

/** The casing table of both forms of intermediate data. */
export const INTERMEDIATE_DATA_CASING_RULE: CasingRule = modelRule(
  {
    toolUses: FUNCTION_CALL_CASING_RULE,
    toolResponses: FUNCTION_RESPONSE_CASING_RULE,
    intermediateResponses: PART_CASING_RULE,
    invocationEvents: modelRule({ content: CONTENT_CASING_RULE }),
  },
  {
    defaults: { toolUses: [], toolResponses: [], intermediateResponses: [], invocationEvents: [] },
  },
);

/** The casing table of an `Invocation`. */
export const INVOCATION_CASING_RULE = modelRule(
  {
    userContent: CONTENT_CASING_RULE,
    finalResponse: CONTENT_CASING_RULE,
    intermediateData: INTERMEDIATE_DATA_CASING_RULE,
    rubrics: RUBRIC_CASING_RULE,
    appDetails: APP_DETAILS_CASING_RULE,
  },
  {
    defaults: { invocationId: '', creationTimestamp: 0 },
    floats: ['creationTimestamp', 'duration'],
  },
);

/** The casing table of an `EvalCase`: session state and final session state are user data. */
export const EVAL_CASE_CASING_RULE = modelRule(
  {
    conversation: INVOCATION_CASING_RULE,
    conversationScenario: CONVERSATION_SCENARIO_CASING_RULE,
    sessionInput: modelRule({ state: VERBATIM }, { defaults: { state: {} } }),
    rubrics: RUBRIC_CASING_RULE,
    finalSessionState: VERBATIM,
  },
  { defaults: { creationTimestamp: 0, finalSessionState: {} }, floats: ['creationTimestamp'] },
);

/** The tool calls of intermediate data in chronological order (Python `get_all_tool_calls`). */
export function getAllToolCalls(
  intermediateData: IntermediateDataType | undefined,
): FunctionCall[] {
  if (!intermediateData) return [];
  if (!isInvocationEvents(intermediateData)) return [...intermediateData.toolUses];
  const calls: FunctionCall[] = [];
  for (const event of intermediateData.invocationEvents) {
    for (const part of event.content?.parts ?? []) {
      if (part.functionCall) calls.push(part.functionCall);
    }
  }
  return calls;
}

/** The tool responses of intermediate data in chronological order (Python `get_all_tool_responses`). */
export function getAllToolResponses(
  intermediateData: IntermediateDataType | undefined,
): FunctionResponse[] {
  if (!intermediateData) return [];
  if (!isInvocationEvents(intermediateData)) return [...intermediateData.toolResponses];
  const responses: FunctionResponse[] = [];
  for (const event of intermediateData.invocationEvents) {
    for (const part of event.content?.parts ?? []) {
      if (part.functionResponse) responses.push(part.functionResponse);
    }
  }
  return responses;
}

/** A tool call and the response of the same id, when there is one. */
export type ToolCallAndResponse = [FunctionCall, FunctionResponse | undefined];

/**
 * Each tool call paired with the response that has its id (Python
 * `get_all_tool_calls_with_responses`). Responses are matched by id; calls
 * and responses without ids match each other, the last such response
 * winning, as Python's dict keyed by `id` does.
 */
export function getAllToolCallsWithResponses(
  intermediateData: IntermediateDataType | undefined,
): ToolCallAndResponse[] {
  const responsesById = new Map<string | undefined, FunctionResponse>();
  for (const response of getAllToolResponses(intermediateData)) {
    responsesById.set(response.id ?? undefined, response);
  }
  return getAllToolCalls(intermediateData).map((call) => [
    call,
    responsesById.get(call.id ?? undefined),
  ]);
}

/** The usage metadata of every invocation event that reported some (Python `get_all_usage_metadata`). */
export function getAllUsageMetadata(
  invocation: Invocation,
): GenerateContentResponseUsageMetadata[] {
  const data = invocation.intermediateData;
  if (!data || !isInvocationEvents(data)) return [];
  return data.invocationEvents.flatMap((event) =>
    event.usageMetadata ? [event.usageMetadata] : [],
  );
}
