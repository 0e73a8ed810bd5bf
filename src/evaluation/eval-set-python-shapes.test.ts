import { describe, expect, it } from 'vitest';
import { getAllToolCalls, getAllToolCallsWithResponses, isInvocationEvents } from './eval-case.js';
import { evalSetFromJson, evalSetToCamelCaseJson, evalSetToPythonJsonText } from './eval-set.js';

/*
 * An eval set as adk-python 2.x writes it when the dev UI adds a session as a
 * case: intermediate data as invocation events, app details with genai tool
 * declarations (snake_case, as pydantic dumps them by field name), usage
 * metadata, a rubric, a fixed session id. Written here field by field in the
 * reference's order and with its exclusions (defaults, None).
 */
const PYTHON_WRITTEN = `{
  "eval_set_id": "dice_checks",
  "name": "dice_checks",
  "eval_cases": [
    {
      "eval_id": "case5f2a",
      "conversation": [
        {
          "invocation_id": "e-0b6c2a4e-7d1f-4c3b-9a8e-5f6d7c8b9a01",
          "user_content": {
            "parts": [
              {
                "text": "Roll a 6-sided die."
              }
            ],
            "role": "user"
          },
          "final_response": {
            "parts": [
              {
                "text": "I rolled a 6-sided die and got 6."
              }
            ],
            "role": "model"
          },
          "intermediate_data": {
            "invocation_events": [
              {
                "author": "hello_eval",
                "content": {
                  "parts": [
                    {
                      "function_call": {
                        "id": "adk-3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b",
                        "args": {
                          "sides": 6
                        },
                        "name": "roll_die"
                      }
                    }
                  ],
                  "role": "model"
                },
                "usage_metadata": {
                  "candidates_token_count": 5,
                  "prompt_token_count": 120,
                  "total_token_count": 125
                },
                "model_version": "gemini-2.5-flash"
              },
              {
                "author": "hello_eval",
                "content": {
                  "parts": [
                    {
                      "function_response": {
                        "id": "adk-3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b",
                        "name": "roll_die",
                        "response": {
                          "result": 6
                        }
                      }
                    }
                  ],
                  "role": "user"
                }
              }
            ]
          },
          "creation_timestamp": 1764201700.4567,
          "rubrics": [
            {
              "rubric_id": "states_the_roll",
              "rubric_content": {
                "text_property": "The response states the face the die shows."
              },
              "type": "FINAL_RESPONSE_QUALITY"
            }
          ],
          "app_details": {
            "agent_details": {
              "hello_eval": {
                "name": "hello_eval",
                "instructions": "Roll dice with roll_die when asked.",
                "tool_declarations": [
                  {
                    "function_declarations": [
                      {
                        "description": "Rolls a die.",
                        "name": "roll_die",
                        "parameters": {
                          "properties": {
                            "sides": {
                              "type": "INTEGER"
                            }
                          },
                          "required": [
                            "sides"
                          ],
                          "type": "OBJECT"
                        }
                      }
                    ]
                  }
                ]
              }
            }
          }
        }
      ],
      "session_input": {
        "app_name": "hello_eval",
        "user_id": "user",
        "session_id": "fixed_session",
        "state": {
          "temp_unit": "C"
        }
      },
      "creation_timestamp": 1764201700.5
    }
  ],
  "creation_timestamp": 1764201699.25
}`;

describe('an eval set written by adk-python from a dev UI session', () => {
  it('reads, and writes back byte for byte', () => {
    const evalSet = evalSetFromJson(JSON.parse(PYTHON_WRITTEN));
    expect(evalSetToPythonJsonText(evalSet)).toBe(PYTHON_WRITTEN);
  });

  it('finds the tool calls in the invocation events, paired with their responses', () => {
    const evalSet = evalSetFromJson(JSON.parse(PYTHON_WRITTEN));
    const invocation = evalSet.evalCases[0]?.conversation?.[0];
    const data = invocation?.intermediateData;
    expect(data && isInvocationEvents(data)).toBe(true);
    expect(getAllToolCalls(data)).toEqual([
      { id: 'adk-3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b', args: { sides: 6 }, name: 'roll_die' },
    ]);
    expect(getAllToolCallsWithResponses(data)[0]?.[1]?.response).toEqual({ result: 6 });
    expect(evalSet.evalCases[0]?.sessionInput?.sessionId).toBe('fixed_session');
    expect(invocation?.rubrics?.[0]?.rubricContent.textProperty).toBe(
      'The response states the face the die shows.',
    );
  });

  it('serves camelCase over HTTP, tool declarations as camelCase genai Tools', () => {
    const camel = evalSetToCamelCaseJson(evalSetFromJson(JSON.parse(PYTHON_WRITTEN)));
    const [evalCase] = camel['eval_cases'] as Record<string, unknown>[];
    expect(evalCase).toMatchObject({
      evalId: 'case5f2a',
      sessionInput: { sessionId: 'fixed_session', state: { temp_unit: 'C' } },
      conversation: [
        {
          intermediateData: {
            invocationEvents: [
              {
                content: { parts: [{ functionCall: { name: 'roll_die' } }] },
                usageMetadata: { promptTokenCount: 120 },
                modelVersion: 'gemini-2.5-flash',
              },
              { content: { parts: [{ functionResponse: { response: { result: 6 } } }] } },
            ],
          },
          appDetails: {
            agentDetails: {
              hello_eval: {
                toolDeclarations: [
                  { functionDeclarations: [{ name: 'roll_die', parameters: { type: 'OBJECT' } }] },
                ],
              },
            },
          },
        },
      ],
    });
  });
});
