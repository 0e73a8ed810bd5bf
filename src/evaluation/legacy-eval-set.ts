import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { nowSeconds } from '../utils/clock.js';
import { newUuid } from '../utils/ids.js';
import type { EvalCase, Invocation, SessionInput } from './eval-case.js';
import type { EvalSet } from './eval-set.js';

/**
 * The field names of the older eval data format (Python `EvalConstants`):
 * a list of `{query, expected_tool_use: [{tool_name, tool_input,
 * mock_tool_output}], reference}` turns.
 */
export const EvalConstants = {
  QUERY: 'query',
  EXPECTED_TOOL_USE: 'expected_tool_use',
  RESPONSE: 'response',
  REFERENCE: 'reference',
  TOOL_NAME: 'tool_name',
  TOOL_INPUT: 'tool_input',
  MOCK_TOOL_OUTPUT: 'mock_tool_output',
} as const;

/** One turn of the older format (a `*.test.json` file is a list of these). */
export const LegacyInvocation = z.looseObject({
  query: z.string(),
  expected_tool_use: z
    .array(
      z.looseObject({
        tool_name: z.string(),
        tool_input: z.record(z.string(), z.unknown()),
        mock_tool_output: z.unknown().optional(),
      }),
    )
    .optional(),
  expected_intermediate_agent_responses: z
    .array(z.looseObject({ author: z.string(), text: z.string() }))
    .optional(),
  reference: z.string().optional(),
});
/** One turn of the older format. */
export type LegacyInvocation = z.infer<typeof LegacyInvocation>;

/** The initial session of an older-format case (`initial_session`). */
export const LegacyInitialSession = z.looseObject({
  app_name: z.string().optional(),
  user_id: z.string().optional(),
  state: z.record(z.string(), z.unknown()).optional(),
});
/** The initial session of an older-format case. */
export type LegacyInitialSession = z.infer<typeof LegacyInitialSession>;

/** One case of the older eval set format: `{name, data: [turns], initial_session}`. */
export const LegacyEvalCase = z.looseObject({
  name: z.string(),
  data: z.array(LegacyInvocation),
  initial_session: LegacyInitialSession.optional(),
});
/** One case of the older eval set format. */
export type LegacyEvalCase = z.infer<typeof LegacyEvalCase>;

/** Sources of time and ids for a conversion; tests fix them. */
export interface LegacyConversionOptions {
  /** Float seconds since the epoch for every `creation_timestamp`. Defaults to the clock. */
  readonly now?: () => number;
  /** A new invocation id. Defaults to a uuid4. */
  readonly newId?: () => string;
}

/**
 * The eval set the older format describes, converted as Python's
 * `convert_eval_set_to_pydanctic_schema` does: each case keeps its `name`
 * as `evalId`; each turn becomes an invocation with a fresh uuid4 id, the
 * query as the user's text, the reference (or `""`) as the model's final
 * response, the expected tool uses as tool uses (`mock_tool_output`
 * dropped) and the expected intermediate responses as `[author, [text]]`;
 * a non-empty `initial_session` becomes the session input. Throws
 * `InvalidArgumentError` when `json` is not in that format.
 */
export function convertLegacyEvalSet(
  evalSetId: string,
  json: unknown,
  options: LegacyConversionOptions = {},
): EvalSet {
  const parsed = z.array(LegacyEvalCase).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
    throw new InvalidArgumentError({
      argument: 'evalSet',
      message: `Not an eval set, nor eval data in the older format: ${problems.join('; ')}.`,
      cause: parsed.error,
    });
  }
  const now = options.now ?? nowSeconds;
  const newId = options.newId ?? newUuid;
  const evalCases = parsed.data.map((legacyCase): EvalCase => {
    const conversation = legacyCase.data.map((turn) => convertInvocation(turn, now, newId));
    const initial = legacyCase.initial_session;
    const evalCase: EvalCase = {
      evalId: legacyCase.name,
      conversation,
      creationTimestamp: now(),
      finalSessionState: {},
    };
    if (initial && Object.keys(initial).length > 0) {
      const sessionInput: SessionInput = {
        appName: initial.app_name ?? '',
        userId: initial.user_id ?? '',
        state: initial.state ?? {},
      };
      evalCase.sessionInput = sessionInput;
    }
    return evalCase;
  });
  return { evalSetId, name: evalSetId, evalCases, creationTimestamp: now() };
}

/**
 * The eval set of one `*.test.json` file of the older format (a list of
 * turns), as Python's `AgentEvaluator` builds it: one case named after the
 * file path, in a set with a fresh uuid4 id, starting from
 * `initialSession` when one is given.
 */
export function convertLegacyTestFile(
  testFilePath: string,
  json: unknown,
  initialSession: LegacyInitialSession = {},
  options: LegacyConversionOptions = {},
): EvalSet {
  const newId = options.newId ?? newUuid;
  return convertLegacyEvalSet(
    newId(),
    [{ name: testFilePath, data: json, initial_session: initialSession }],
    options,
  );
}

function convertInvocation(
  turn: LegacyInvocation,
  now: () => number,
  newId: () => string,
): Invocation {
  return {
    invocationId: newId(),
    userContent: { parts: [{ text: turn.query }], role: 'user' },
    finalResponse: { parts: [{ text: turn.reference ?? '' }], role: 'model' },
    intermediateData: {
      toolUses: (turn.expected_tool_use ?? []).map((use) => ({
        name: use.tool_name,
        args: use.tool_input,
      })),
      toolResponses: [],
      intermediateResponses: (turn.expected_intermediate_agent_responses ?? []).map(
        (response): [string, { text: string }[]] => [response.author, [{ text: response.text }]],
      ),
    },
    creationTimestamp: now(),
  };
}
