import type { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import {
  EVAL_CASE_RESULT_CASING_RULE,
  EVAL_SET_RESULT_CASING_RULE,
  EvalCaseResult,
  EvalSetResult,
} from './eval-result.js';
import {
  evalToCamelCaseJson,
  evalToPythonJson,
  parseEvalJson,
  pythonModelJsonText,
} from './eval-json.js';

/**
 * Reads an eval set result from its JSON object (either casing). Throws
 * `InvalidArgumentError` when it is not a valid result.
 */
export function evalSetResultFromJson(json: unknown): EvalSetResult {
  return parseEvalJson(EvalSetResult, EVAL_SET_RESULT_CASING_RULE, json, 'evalSetResult');
}

/**
 * Reads the text of an `*.evalset_result.json` file. Python wrote these
 * files double-encoded for a while (a JSON string holding the result's
 * JSON) and writes them plainly now; both are accepted, as Python's
 * `parse_eval_set_result_json` does. Throws `InvalidArgumentError` on
 * anything else.
 */
export function evalSetResultFromFileText(text: string): EvalSetResult {
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
    if (typeof decoded === 'string') decoded = JSON.parse(decoded);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'evalSetResult',
      message: `An eval set result file must hold JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  return evalSetResultFromJson(decoded);
}

/**
 * The eval set result as Python's `model_dump(mode='json')` writes it:
 * snake_case field names, user data as written, absent fields left out
 * (Python writes them as `null`; both read the same).
 */
export function evalSetResultToPythonJson(
  result: z.input<typeof EvalSetResult>,
): Record<string, unknown> {
  return evalToPythonJson(EvalSetResult, EVAL_SET_RESULT_CASING_RULE, result, 'evalSetResult');
}

/**
 * The text of an `*.evalset_result.json` file as current Python writes it
 * (`model_dump_json(indent=2)`: plain JSON, floats spelled as floats).
 */
export function evalSetResultToPythonJsonText(result: z.input<typeof EvalSetResult>): string {
  const json = evalToPythonJson(
    EvalSetResult,
    EVAL_SET_RESULT_CASING_RULE,
    result,
    'evalSetResult',
    {
      markFloats: true,
    },
  );
  return pythonModelJsonText(json, 2);
}

/** The eval set result as the HTTP API returns it (camelCase, `by_alias`). */
export function evalSetResultToCamelCaseJson(
  result: z.input<typeof EvalSetResult>,
): Record<string, unknown> {
  return evalToCamelCaseJson(EvalSetResult, EVAL_SET_RESULT_CASING_RULE, result, 'evalSetResult');
}

/** Reads an eval case result from its JSON object (either casing); throws `InvalidArgumentError`. */
export function evalCaseResultFromJson(json: unknown): EvalCaseResult {
  return parseEvalJson(EvalCaseResult, EVAL_CASE_RESULT_CASING_RULE, json, 'evalCaseResult');
}

/** The eval case result as the HTTP API returns it (camelCase, `by_alias`). */
export function evalCaseResultToCamelCaseJson(
  result: z.input<typeof EvalCaseResult>,
): Record<string, unknown> {
  return evalToCamelCaseJson(
    EvalCaseResult,
    EVAL_CASE_RESULT_CASING_RULE,
    result,
    'evalCaseResult',
  );
}
