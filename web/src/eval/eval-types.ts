import type { WireContent, WireFunctionCall, WireFunctionResponse, WirePart } from '../api/types';

/*
 * Wire types of adk-python's eval routes as the dev UI receives them
 * (`/dev/apps/{app}/…`). Eval cases, invocations and results are
 * EvalBaseModel subclasses: the server answers them in camelCase and
 * accepts either case. Unknown fields are kept and sent back untouched.
 */

/** `EvalStatus` as Python's enum numbers it. */
export const EvalStatus = { PASSED: 1, FAILED: 2, NOT_EVALUATED: 3 } as const;
/** One of the EvalStatus numbers. */
export type EvalStatus = (typeof EvalStatus)[keyof typeof EvalStatus];

/** IntermediateData: the tool trajectory and intermediate responses of one invocation. */
export interface WireIntermediateData {
  toolUses?: WireFunctionCall[];
  toolResponses?: WireFunctionResponse[];
  /** `[author, parts]` pairs. */
  intermediateResponses?: [string, WirePart[]][];
}

/** One event of InvocationEvents (the newer form of intermediate data). */
export interface WireInvocationEvent {
  author: string;
  content?: WireContent | null;
  [key: string]: unknown;
}

/** InvocationEvents: the events of one invocation, in order. */
export interface WireInvocationEvents {
  invocationEvents: WireInvocationEvent[];
}

/** One turn: what the user said, the expected (or actual) final response and intermediate data. */
export interface WireInvocation {
  invocationId?: string;
  userContent: WireContent;
  finalResponse?: WireContent | null;
  intermediateData?: WireIntermediateData | WireInvocationEvents | null;
  creationTimestamp?: number;
  [key: string]: unknown;
}

/** SessionInput: how the eval session starts. */
export interface WireSessionInput {
  appName: string;
  userId: string;
  state?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An eval case as `GET …/eval-cases/{id}` answers it. */
export interface WireEvalCase {
  evalId: string;
  conversation?: WireInvocation[] | null;
  conversationScenario?: Record<string, unknown> | null;
  sessionInput?: WireSessionInput | null;
  creationTimestamp?: number;
  [key: string]: unknown;
}

/**
 * A metric and its pass threshold, as `run` takes it: the threshold both as
 * the older `threshold` field and as a criterion holding only it, so that
 * the metrics reading a criterion (the LLM-judged ones refuse a metric
 * without one) run with their criterion's defaults.
 */
export interface WireEvalMetric {
  metricName: string;
  threshold: number;
  criterion: { threshold: number };
}

/** The range a metric's score lies in. */
export interface WireInterval {
  minValue: number;
  maxValue: number;
  openAtMin?: boolean;
  openAtMax?: boolean;
}

/** One entry of `GET …/metrics-info`. */
export interface WireMetricInfo {
  metricName: string;
  description?: string;
  metricValueInfo?: { interval?: WireInterval };
}

/** One metric's outcome (overall, or for one invocation). */
export interface WireEvalMetricResult {
  metricName: string;
  threshold?: number | null;
  score?: number | null;
  evalStatus: EvalStatus;
  details?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** The metric outcomes of one invocation, with the actual and expected invocations. */
export interface WireEvalMetricResultPerInvocation {
  actualInvocation: WireInvocation;
  expectedInvocation?: WireInvocation | null;
  evalMetricResults: WireEvalMetricResult[];
}

/** One case's result: `run` answers these (RunEvalResult), a stored result holds them (EvalCaseResult). */
export interface WireEvalCaseResult {
  evalSetFile?: string;
  evalSetId: string;
  evalId: string;
  finalEvalStatus: EvalStatus;
  overallEvalMetricResults: WireEvalMetricResult[];
  evalMetricResultPerInvocation?: WireEvalMetricResultPerInvocation[];
  sessionId?: string;
  userId?: string | null;
  [key: string]: unknown;
}

/** A stored run: `GET …/eval-results/{id}`. */
export interface WireEvalSetResult {
  evalSetResultId: string;
  evalSetResultName?: string | null;
  evalSetId: string;
  evalCaseResults: WireEvalCaseResult[];
  creationTimestamp?: number;
}
