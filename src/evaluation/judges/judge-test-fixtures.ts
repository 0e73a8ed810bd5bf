import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LlmResponse } from '../../events/llm-response.js';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import type { AppDetails } from '../app-details.js';
import type { Invocation } from '../eval-case.js';
import type { EvalMetric } from '../eval-metrics.js';

/**
 * A rendered judge prompt of `fixtures/`. Each was rendered by CPython 3.11's
 * `str.format` from adk-python's prompt text with the inputs the tests use,
 * its JSON blocks written by pydantic 2.13's `model_dump_json(indent=2,
 * exclude_none=True, …)` and `json.dumps(…, indent=2)` from models declaring
 * genai's fields in genai's order.
 */
export function renderedPrompt(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}.txt`, import.meta.url)), 'utf8');
}

/** A scripted judge answering each call with the next text (or throwing the next error). */
export function scriptedJudge(answers: readonly (string | Error | LlmResponse)[]): ScriptedLlm {
  return new ScriptedLlm({
    model: 'scripted-judge',
    responses: answers.map((answer) =>
      typeof answer === 'string' ? textResponse(answer) : answer,
    ),
  });
}

/** The prompt text of the judge's `index`-th request. */
export function promptOf(judge: ScriptedLlm, index: number): string {
  return judge.requests[index]?.contents[0]?.parts?.[0]?.text ?? '';
}

/** An eval metric with `criterion`, judged by `scripted-judge` with `numSamples` samples. */
export function judgeMetric(
  metricName: string,
  numSamples: number,
  criterion: Record<string, unknown> = {},
  threshold = 0.5,
): EvalMetric {
  return {
    metricName,
    threshold,
    criterion: {
      threshold,
      judgeModelOptions: { judgeModel: 'scripted-judge', numSamples },
      ...criterion,
    },
  };
}

/** An invocation with a user message and, when given, a final response. */
export function textInvocation(user: string, final?: string): Invocation {
  return {
    invocationId: '',
    creationTimestamp: 0,
    userContent: { role: 'user', parts: [{ text: user }] },
    ...(final === undefined ? {} : { finalResponse: { role: 'model', parts: [{ text: final }] } }),
  };
}

/** The app of the dice examples: `dice_agent` with `roll_die`, and a tool-less `helper_agent`. */
export const DICE_APP: AppDetails = {
  agentDetails: {
    dice_agent: {
      name: 'dice_agent',
      instructions: 'Roll dice when asked.',
      toolDeclarations: [
        {
          functionDeclarations: [
            {
              name: 'roll_die',
              description: 'Rolls a die.',
              parameters: {
                type: 'OBJECT',
                properties: { sides: { type: 'INTEGER', description: 'Sides.' } },
                required: ['sides'],
              },
            },
          ],
        },
      ],
    },
    helper_agent: { name: 'helper_agent', instructions: '', toolDeclarations: [] },
  },
};

/**
 * "Roll a 6-sided die." answered "I rolled a 4." after calling `roll_die`
 * (answered) and `check_prime` (unanswered), as invocation events of
 * `dice_agent`, the first event's text "I will roll.".
 */
export function diceInvocation(extra: Partial<Invocation> = {}): Invocation {
  return {
    ...textInvocation('Roll a 6-sided die.', 'I rolled a 4.'),
    appDetails: DICE_APP,
    intermediateData: {
      invocationEvents: [
        {
          author: 'dice_agent',
          content: {
            role: 'model',
            parts: [
              { text: 'I will roll.' },
              { functionCall: { id: 'adk-1', name: 'roll_die', args: { sides: 6, label: 'dé' } } },
            ],
          },
        },
        {
          author: 'dice_agent',
          content: {
            role: 'user',
            parts: [
              { functionResponse: { id: 'adk-1', name: 'roll_die', response: { result: 4 } } },
            ],
          },
        },
        {
          author: 'dice_agent',
          content: {
            role: 'model',
            parts: [{ functionCall: { id: 'adk-2', name: 'check_prime', args: { nums: [4] } } }],
          },
        },
      ],
    },
    ...extra,
  };
}
