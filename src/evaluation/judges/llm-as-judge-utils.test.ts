import { describe, expect, it } from 'vitest';
import {
  getAverageRubricScore,
  getTextFromContent,
  getTextFromInvocation,
  getToolCallsAndResponsesAsJsonStr,
} from './llm-as-judge-utils.js';
import { textInvocation } from './judge-test-fixtures.js';

describe('LLM judge utilities', () => {
  it("reads text as get_text_from_content: None without parts, '' with parts but no text", () => {
    expect(getTextFromContent(undefined)).toBeUndefined();
    expect(getTextFromContent({ role: 'model', parts: [] })).toBeUndefined();
    expect(getTextFromContent({ parts: [{ functionCall: { name: 'f' } }] })).toBe('');
    expect(getTextFromContent({ parts: [{ text: 'a' }, { text: '' }, { text: 'b' }] })).toBe(
      'a\nb',
    );
  });

  it('puts intermediate responses before the final one when asked', () => {
    const invocation = {
      ...textInvocation('q', 'Final.'),
      intermediateData: {
        toolUses: [],
        toolResponses: [],
        intermediateResponses: [
          ['sub_agent', [{ text: 'Working.' }]],
          ['sub_agent', [{ functionCall: { name: 'f' } }]],
        ] as [string, { text?: string }[]][],
      },
    };
    expect(getTextFromInvocation(invocation)).toBe('Final.');
    expect(getTextFromInvocation(invocation, true)).toBe('Working.\nFinal.');
    expect(getTextFromInvocation(textInvocation('q'), true)).toBeUndefined();
  });

  it('writes tool steps of IntermediateData, and says when there are none', () => {
    expect(getToolCallsAndResponsesAsJsonStr(undefined)).toBe('No intermediate steps were taken.');
    expect(
      getToolCallsAndResponsesAsJsonStr({
        toolUses: [{ name: 'f', args: {} }],
        toolResponses: [{ name: 'f', response: { ok: true } }],
        intermediateResponses: [],
      }),
    ).toBe(
      // pydantic: ToolCallsAndResponses(...).model_dump_json(indent=2, exclude_none=True, ...)
      '{\n  "tool_calls_and_response": [\n    {\n      "step": 0,\n      "tool_call": {\n' +
        '        "args": {},\n        "name": "f"\n      },\n      "tool_response": {\n' +
        '        "name": "f",\n        "response": {\n          "ok": true\n        }\n      }\n' +
        '    }\n  ]\n}',
    );
  });

  it('averages the rubric scores that have one', () => {
    expect(getAverageRubricScore([{ rubricId: 'a' }])).toBeUndefined();
    expect(
      getAverageRubricScore([
        { rubricId: 'a', score: 1 },
        { rubricId: 'b' },
        { rubricId: 'c', score: 0 },
      ]),
    ).toBe(0.5);
  });
});
