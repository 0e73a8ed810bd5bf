/**
 * Wire types of the ADK HTTP API as the dev UI receives them (camelCase JSON,
 * docs/api-server.md). Fields the server may omit are optional; unknown
 * fields are kept by the JSON parser and ignored by the UI.
 */

/** A function call the model made. */
export interface WireFunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

/** The answer to a function call. */
export interface WireFunctionResponse {
  id?: string;
  name: string;
  response?: Record<string, unknown>;
}

/** Inline bytes, base64-encoded. */
export interface WireBlob {
  mimeType?: string;
  data?: string;
  displayName?: string;
}

/** A reference to a file by URI. */
export interface WireFileData {
  mimeType?: string;
  fileUri?: string;
  displayName?: string;
}

/** One part of a content: exactly one of the data fields is set in practice. */
export interface WirePart {
  text?: string;
  /** True when `text` is the model's thought. */
  thought?: boolean;
  functionCall?: WireFunctionCall;
  functionResponse?: WireFunctionResponse;
  inlineData?: WireBlob;
  fileData?: WireFileData;
  executableCode?: { language?: string; code?: string };
  codeExecutionResult?: { outcome?: string; output?: string };
}

/** A message: a role (`user` or `model`) and its parts. */
export interface WireContent {
  role?: string;
  parts?: WirePart[];
}

/** An event's side effects. */
export interface WireEventActions {
  stateDelta?: Record<string, unknown>;
  /** Artifact name → the version the event saved. */
  artifactDelta?: Record<string, number>;
  transferToAgent?: string;
  escalate?: boolean;
  skipSummarization?: boolean;
  /** Function call id → the confirmation the tool asks for. */
  requestedToolConfirmations?: Record<string, unknown>;
  requestedAuthConfigs?: Record<string, unknown>;
  endOfAgent?: boolean;
  /** Set on a rewind event: the invocation the session was rewound to before. */
  rewindBeforeInvocationId?: string;
}

/** Token counts of a model response. */
export interface WireUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  thoughtsTokenCount?: number;
  [key: string]: unknown;
}

/** A live transcription of speech (genai `Transcription`). */
export interface WireTranscription {
  text?: string;
  /** True on the last piece of an utterance. */
  finished?: boolean;
}

/** One event of a session, one frame of `/run_sse` or one message of `/run_live`. */
export interface WireEvent {
  id: string;
  invocationId: string;
  author: string;
  branch?: string;
  partial?: boolean;
  turnComplete?: boolean;
  /** Live: the user barged in and the model's turn was cut short. */
  interrupted?: boolean;
  /** Live: what the user said, transcribed. */
  inputTranscription?: WireTranscription;
  /** Live: what the model said, transcribed. */
  outputTranscription?: WireTranscription;
  /** Seconds since the epoch (fractional). */
  timestamp: number;
  content?: WireContent;
  actions?: WireEventActions;
  longRunningToolIds?: string[];
  errorCode?: string;
  errorMessage?: string;
  usageMetadata?: WireUsageMetadata;
}

/** A session with its state and (for a single-session GET) its events. */
export interface WireSession {
  id: string;
  appName: string;
  userId: string;
  state: Record<string, unknown>;
  events: WireEvent[];
  /** Seconds since the epoch. */
  lastUpdateTime: number;
}

/** Metadata of one artifact version (`GET …/artifacts/{name}/versions/metadata`). */
export interface WireArtifactVersion {
  version: number;
  canonicalUri?: string;
  customMetadata?: Record<string, unknown>;
  createTime?: number;
  mimeType?: string;
}

/** `GET /dev-ui/config`: the branding the server was started with (null when unset). */
export interface DevUiConfig {
  logo_text: string | null;
  logo_image_url: string | null;
}

/** The body of `/run` and `/run_sse` (Python's RunAgentRequest, camelCase). */
export interface RunAgentRequest {
  appName: string;
  userId: string;
  sessionId: string;
  newMessage?: WireContent;
  streaming?: boolean;
  stateDelta?: Record<string, unknown>;
  invocationId?: string;
  functionCallEventId?: string;
}
