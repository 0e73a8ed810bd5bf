import { describe, expect, it } from 'vitest';
import type { Outcome } from '@google/genai';
import type { Content } from '../types/index.js';
import { DEFAULT_CODE_BLOCK_DELIMITERS } from './base-code-executor.js';
import {
  buildCodeExecutionResultPart,
  buildExecutableCodePart,
  convertCodeExecutionParts,
  extractCodeAndTruncateContent,
  getContentAsBytes,
  getEncodedFileContent,
} from './code-execution-utils.js';

describe('CodeExecutionUtils (spec 003 §16)', () => {
  it('spec 003 §16: takes an executable-code part without a result and drops what follows', () => {
    const content: Content = {
      role: 'model',
      parts: [{ text: 'a' }, buildExecutableCodePart('x = 1'), { text: 'b' }],
    };
    expect(extractCodeAndTruncateContent(content, DEFAULT_CODE_BLOCK_DELIMITERS)).toBe('x = 1');
    expect(content.parts).toHaveLength(2);
  });

  it('spec 003 §16: skips executable code that already has its result', () => {
    const content: Content = {
      role: 'model',
      parts: [
        buildExecutableCodePart('x'),
        { codeExecutionResult: { outcome: 'OUTCOME_OK' as Outcome, output: '' } },
      ],
    };
    expect(extractCodeAndTruncateContent(content, DEFAULT_CODE_BLOCK_DELIMITERS)).toBeUndefined();
    expect(content.parts).toHaveLength(2);
  });

  it('spec 003 §16: finds the earliest fenced block across text parts and keeps the prefix', () => {
    const content: Content = {
      role: 'model',
      parts: [
        { text: 'First:', thought: false },
        { text: '```python\nprint(2)\n```\n```tool_code\nprint(3)\n```' },
      ],
    };
    expect(extractCodeAndTruncateContent(content, DEFAULT_CODE_BLOCK_DELIMITERS)).toBe('print(2)');
    expect(content.parts).toEqual([
      { text: 'First:\n', thought: false },
      buildExecutableCodePart('print(2)'),
    ]);
  });

  it('spec 003 §16: no fence, an unclosed fence or empty code yields nothing and leaves the content', () => {
    for (const text of ['just text', '```python\nprint(1)', '```python\n\n```']) {
      const content: Content = { role: 'model', parts: [{ text }] };
      expect(extractCodeAndTruncateContent(content, DEFAULT_CODE_BLOCK_DELIMITERS)).toBeUndefined();
      expect(content.parts).toEqual([{ text }]);
    }
  });

  it('spec 003 §16: formats results as Python does', () => {
    expect(buildCodeExecutionResultPart({ stdout: 'x', stderr: 'err', outputFiles: [] })).toEqual({
      codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'err' },
    });
    expect(buildCodeExecutionResultPart({ stdout: '', stderr: '', outputFiles: [] })).toEqual({
      codeExecutionResult: { outcome: 'OUTCOME_OK', output: 'Code execution result:\n\n' },
    });
    const files = [
      { name: 'a.png', content: '', mimeType: 'image/png' },
      { name: 'b.csv', content: '', mimeType: 'text/csv' },
    ];
    expect(
      buildCodeExecutionResultPart({ stdout: 'hi\n', stderr: '', outputFiles: files }),
    ).toEqual({
      codeExecutionResult: {
        outcome: 'OUTCOME_OK',
        output: 'Code execution result:\nhi\n\n\n\nSaved artifacts:\n`a.png`,`b.csv`',
      },
    });
  });

  it('spec 003 §16: converts trailing code and lone results to fenced text', () => {
    const code: Content = { role: 'model', parts: [{ text: 'p' }, buildExecutableCodePart('x')] };
    expect(
      convertCodeExecutionParts(Object.freeze(code), ['<c>', '</c>'], ['<r>', '</r>']),
    ).toEqual({
      role: 'model',
      parts: [{ text: 'p' }, { text: '<c>x</c>' }],
    });

    const result: Content = {
      role: 'model',
      parts: [buildCodeExecutionResultPart({ stdout: '1', stderr: '', outputFiles: [] })],
    };
    expect(convertCodeExecutionParts(result, ['<c>', '</c>'], ['<r>', '</r>'])).toEqual({
      role: 'user',
      parts: [{ text: '<r>Code execution result:\n1\n</r>' }],
    });

    const noOutput: Content = {
      role: 'model',
      parts: [{ codeExecutionResult: { outcome: 'OUTCOME_OK' as Outcome } }],
    };
    expect(convertCodeExecutionParts(noOutput, ['', ''], ['<r>', '</r>'])).toEqual({
      role: 'user',
      parts: [{ text: '' }],
    });

    // A result among other parts is the model's own and stays.
    const mixed: Content = {
      role: 'model',
      parts: [{ text: 'a' }, { codeExecutionResult: { outcome: 'OUTCOME_OK' as Outcome } }],
    };
    expect(convertCodeExecutionParts(mixed, ['', ''], ['', ''])).toBe(mixed);
    expect(mixed.parts).toHaveLength(2);
    expect(mixed.role).toBe('model');
  });

  it('spec 003 §16: encodes file bytes unless they already are canonical base64', () => {
    const csv = new TextEncoder().encode('a,b\n1,2\n');
    expect(getEncodedFileContent(csv)).toBe(Buffer.from(csv).toString('base64'));
    // Python keeps bytes that round-trip through base64 as they are.
    expect(getEncodedFileContent(new TextEncoder().encode('abcd'))).toBe('abcd');
    expect(getEncodedFileContent(new TextEncoder().encode('abc'))).toBe('YWJj');
    expect(getEncodedFileContent(new Uint8Array([0xff, 0xfe]))).toBe('//4=');
    expect(Buffer.from(getContentAsBytes('aGk=')).toString()).toBe('hi');
    const raw = new Uint8Array([1, 2]);
    expect(getContentAsBytes(raw)).toBe(raw);
  });
});
