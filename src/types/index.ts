/**
 * The message model: `@google/genai` content types, used as they are so that
 * Gemini, our adapters and users share one shape. Type-only: importing this
 * module loads nothing at run time.
 */
export type {
  ActivityEnd,
  ActivityStart,
  Blob,
  CitationMetadata,
  CodeExecutionResult,
  Content,
  ExecutableCode,
  FileData,
  FinishReason,
  FunctionCall,
  FunctionDeclaration,
  FunctionResponse,
  GenerateContentConfig,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  HttpRetryOptions,
  LiveConnectConfig,
  LiveServerGoAway,
  LiveServerSessionResumptionUpdate,
  LogprobsResult,
  Part,
  Schema,
  ThinkingConfig,
  Tool,
  Transcription,
} from '@google/genai';

/** A JSON object whose keys are the user's own (state, tool arguments, tool results). */
export type JsonObject = Record<string, unknown>;
