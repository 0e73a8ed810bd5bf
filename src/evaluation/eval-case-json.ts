import type { z } from 'zod';
import {
  EVAL_CASE_CASING_RULE,
  EvalCase,
  INVOCATION_CASING_RULE,
  Invocation,
} from './eval-case.js';
import { evalToCamelCaseJson, evalToPythonJson, parseEvalJson } from './eval-json.js';

/**
 * Reads an eval case from its JSON (snake_case or camelCase, as the HTTP API
 * and files send it). Throws `InvalidArgumentError` when it is not a valid
 * case, including one with both or neither of `conversation` and
 * `conversation_scenario`.
 */
export function evalCaseFromJson(json: unknown): EvalCase {
  return parseEvalJson(EvalCase, EVAL_CASE_CASING_RULE, json, 'evalCase');
}

/** The eval case as it appears inside an `*.evalset.json` file (snake_case, defaults left out). */
export function evalCaseToPythonJson(evalCase: z.input<typeof EvalCase>): Record<string, unknown> {
  return evalToPythonJson(EvalCase, EVAL_CASE_CASING_RULE, evalCase, 'evalCase', {
    dropDefaults: true,
  });
}

/** The eval case as the HTTP API returns it (camelCase, `by_alias`). */
export function evalCaseToCamelCaseJson(
  evalCase: z.input<typeof EvalCase>,
): Record<string, unknown> {
  return evalToCamelCaseJson(EvalCase, EVAL_CASE_CASING_RULE, evalCase, 'evalCase');
}

/** Reads an invocation from its JSON (either casing); throws `InvalidArgumentError`. */
export function invocationFromJson(json: unknown): Invocation {
  return parseEvalJson(Invocation, INVOCATION_CASING_RULE, json, 'invocation');
}

/** The invocation as the HTTP API returns it (camelCase, `by_alias`). */
export function invocationToCamelCaseJson(
  invocation: z.input<typeof Invocation>,
): Record<string, unknown> {
  return evalToCamelCaseJson(Invocation, INVOCATION_CASING_RULE, invocation, 'invocation');
}
