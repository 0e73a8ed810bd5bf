import { z } from 'zod';
import { modelRule } from '../events/json-casing.js';
import { EVAL_CASE_CASING_RULE, EvalCase } from './eval-case.js';
import {
  evalToCamelCaseJson,
  evalToPythonJson,
  parseEvalJson,
  pythonModelJsonText,
} from './eval-json.js';

/**
 * A set of eval cases (Python `EvalSet`, the content of an `*.evalset.json`
 * file). Python declares it without camelCase aliases, so its own fields are
 * snake_case in every form (`eval_set_id`, `eval_cases`), and unknown keys
 * are dropped; the cases inside follow their own rules.
 */
export const EvalSet = z.object({
  evalSetId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  evalCases: z.array(EvalCase),
  /** Float seconds since the epoch. */
  creationTimestamp: z.number().default(0),
});
/** A set of eval cases. */
export type EvalSet = z.infer<typeof EvalSet>;

/** The casing table of an `EvalSet`. */
export const EVAL_SET_CASING_RULE = modelRule(
  { evalCases: EVAL_CASE_CASING_RULE },
  { snakeCaseOnly: true, defaults: { creationTimestamp: 0 }, floats: ['creationTimestamp'] },
);

/**
 * Reads an eval set from its JSON (either casing where Python accepts it).
 * Throws `InvalidArgumentError` when it is not a valid eval set.
 */
export function evalSetFromJson(json: unknown): EvalSet {
  return parseEvalJson(EvalSet, EVAL_SET_CASING_RULE, json, 'evalSet');
}

/**
 * The eval set as Python writes an `*.evalset.json` file
 * (`model_dump_json(indent=2, exclude_unset=True, exclude_defaults=True,
 * exclude_none=True)`): snake_case, defaults and absent fields left out.
 */
export function evalSetToPythonJson(evalSet: z.input<typeof EvalSet>): Record<string, unknown> {
  return evalToPythonJson(EvalSet, EVAL_SET_CASING_RULE, evalSet, 'evalSet', {
    dropDefaults: true,
  });
}

/** The text of an `*.evalset.json` file for `evalSet`, byte for byte as Python writes it. */
export function evalSetToPythonJsonText(evalSet: z.input<typeof EvalSet>): string {
  const json = evalToPythonJson(EvalSet, EVAL_SET_CASING_RULE, evalSet, 'evalSet', {
    dropDefaults: true,
    markFloats: true,
  });
  return pythonModelJsonText(json, 2);
}

/** The eval set as the HTTP API returns it (`by_alias`: the set's own fields stay snake_case). */
export function evalSetToCamelCaseJson(evalSet: z.input<typeof EvalSet>): Record<string, unknown> {
  return evalToCamelCaseJson(EvalSet, EVAL_SET_CASING_RULE, evalSet, 'evalSet');
}
