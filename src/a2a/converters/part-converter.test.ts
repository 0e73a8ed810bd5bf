import type { Part as A2aPart } from '@a2a-js/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '../../types/index.js';
import { captureLogs } from '../log-capture-test-fixtures.js';
import { a2aPartToGenaiPart, genaiPartToA2aPart } from './part-converter.js';

// Cases of adk-python's tests/unittests/a2a/converters/test_part_converter.py, in
// the A2A 1.x shapes (Python's `_compat` 1.x branch).

const base64 = (text: string) => Buffer.from(text).toString('base64');
const START = '<a2a_datapart_json>';
const END = '</a2a_datapart_json>';

function a2a(content: A2aPart['content'], extra: Partial<A2aPart> = {}): A2aPart {
  return { content, metadata: undefined, filename: '', mediaType: '', ...extra };
}

function dataPart(value: unknown, metadata?: Record<string, unknown>): A2aPart {
  return a2a({ $case: 'data', value }, { metadata });
}

function blobText(part: Part | undefined): string {
  return Buffer.from(part?.inlineData?.data ?? '', 'base64').toString('utf8');
}

const logs = captureLogs();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a2aPartToGenaiPart', () => {
  it('converts a text part', () => {
    expect(a2aPartToGenaiPart(a2a({ $case: 'text', value: 'Hello, world!' }))).toEqual({
      text: 'Hello, world!',
    });
  });

  it('keeps an empty text part', () => {
    expect(a2aPartToGenaiPart(a2a({ $case: 'text', value: '' }))).toEqual({ text: '' });
  });

  it('converts a file by URL, with its media type and name', () => {
    const part = a2a(
      { $case: 'url', value: 'gs://bucket/file.txt' },
      { mediaType: 'text/plain', filename: 'my_file.txt' },
    );
    expect(a2aPartToGenaiPart(part)).toEqual({
      fileData: {
        fileUri: 'gs://bucket/file.txt',
        mimeType: 'text/plain',
        displayName: 'my_file.txt',
      },
    });
  });

  it('converts a file by bytes, with its media type and name', () => {
    const part = a2a(
      { $case: 'raw', value: Buffer.from('test file content') },
      { mediaType: 'text/plain', filename: 'my_bytes.txt' },
    );
    expect(a2aPartToGenaiPart(part)).toEqual({
      inlineData: {
        data: base64('test file content'),
        mimeType: 'text/plain',
        displayName: 'my_bytes.txt',
      },
    });
  });

  it('converts a function call data part, keeping its metadata as partMetadata', () => {
    const metadata = { adk_type: 'function_call' };
    const part = dataPart(
      { name: 'test_function', args: { param1: 'value1', param2: 42 } },
      metadata,
    );
    expect(a2aPartToGenaiPart(part)).toEqual({
      functionCall: { name: 'test_function', args: { param1: 'value1', param2: 42 } },
      partMetadata: metadata,
    });
  });

  it('converts a function response data part', () => {
    const part = dataPart(
      { name: 'test_function', response: { result: 'success', data: [1, 2, 3] } },
      { adk_type: 'function_response' },
    );
    expect(a2aPartToGenaiPart(part)?.functionResponse).toEqual({
      name: 'test_function',
      response: { result: 'success', data: [1, 2, 3] },
    });
  });

  it('converts code execution results and executable code', () => {
    expect(
      a2aPartToGenaiPart(
        dataPart(
          { outcome: 'OUTCOME_OK', output: 'Hello, World!' },
          { adk_type: 'code_execution_result' },
        ),
      )?.codeExecutionResult,
    ).toEqual({ outcome: 'OUTCOME_OK', output: 'Hello, World!' });
    expect(
      a2aPartToGenaiPart(
        dataPart(
          { language: 'PYTHON', code: "print('Hello, World!')" },
          { adk_type: 'executable_code' },
        ),
      )?.executableCode,
    ).toEqual({ language: 'PYTHON', code: "print('Hello, World!')" });
  });

  it('reads snake_case keys of a function call, as pydantic does', () => {
    const part = dataPart(
      { id: 'c1', name: 'f', args: { keep_me: 1 }, will_continue: true },
      { adk_type: 'function_call' },
    );
    expect(a2aPartToGenaiPart(part)?.functionCall).toEqual({
      id: 'c1',
      name: 'f',
      args: { keep_me: 1 },
      willContinue: true,
    });
  });

  it.each<[string, unknown, Record<string, unknown> | undefined]>([
    ['without ADK metadata', { key: 'value', number: 123 }, { other: 'metadata' }],
    ['without metadata', { key: 'value', array: [1, 2, 3] }, undefined],
    [
      'holding nested data, a null and non-ASCII text',
      {
        nested: { array: [1, 2, { inner: 'value' }], boolean: true, null_value: null },
        unicode: 'Hello 世界 🌍',
      },
      undefined,
    ],
    ['with empty metadata', { key: 'value' }, {}],
  ])('wraps a data part %s as a tagged text/plain blob', (_label, data, metadata) => {
    const result = a2aPartToGenaiPart(dataPart(data, metadata));
    expect(result?.inlineData?.mimeType).toBe('text/plain');
    const text = blobText(result);
    expect(text.startsWith(START) && text.endsWith(END)).toBe(true);
    expect(JSON.parse(text.slice(START.length, -END.length))).toEqual(data);
    if (metadata && Object.keys(metadata).length > 0)
      expect(result?.partMetadata).toEqual(metadata);
    else expect(result).not.toHaveProperty('partMetadata');
  });

  it("writes the blob's JSON as Python's json.dumps does", () => {
    const result = a2aPartToGenaiPart(
      dataPart({ nested: { n: [1, 2.5, null] }, unicode: 'Hello 世界 🌍' }),
    );
    expect(blobText(result)).toBe(
      `${START}{"nested": {"n": [1, 2.5, null]}, "unicode": "Hello \\u4e16\\u754c \\ud83c\\udf0d"}${END}`,
    );
  });

  it('gives nothing for a part without content, with a warning', () => {
    expect(a2aPartToGenaiPart(a2a(undefined))).toBeUndefined();
    expect(logs).toEqual([{ level: 'warn', message: 'Cannot convert unsupported A2A part' }]);
  });

  it('leaves partMetadata out when GOOGLE_GENAI_USE_VERTEXAI selects Vertex AI', () => {
    vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', 'TRUE');
    const part = a2a({ $case: 'text', value: 'hmm' }, { metadata: { adk_thought: true } });
    expect(a2aPartToGenaiPart(part)).toEqual({ text: 'hmm', thought: true });
  });
});

describe('genaiPartToA2aPart', () => {
  it('converts text, a thought marked adk_thought', () => {
    expect(genaiPartToA2aPart({ text: 'Hello, world!' })).toEqual(
      a2a({ $case: 'text', value: 'Hello, world!' }),
    );
    expect(genaiPartToA2aPart({ text: 'Hello, world!', thought: true })?.metadata).toEqual({
      adk_thought: true,
    });
  });

  it('keeps an empty text part', () => {
    expect(genaiPartToA2aPart({ text: '' })).toEqual(a2a({ $case: 'text', value: '' }));
  });

  it('converts fileData to a URL part with media type and filename', () => {
    expect(
      genaiPartToA2aPart({
        fileData: {
          fileUri: 'gs://bucket/file.txt',
          mimeType: 'text/plain',
          displayName: 'my_file.txt',
        },
      }),
    ).toEqual(
      a2a(
        { $case: 'url', value: 'gs://bucket/file.txt' },
        { mediaType: 'text/plain', filename: 'my_file.txt' },
      ),
    );
  });

  it('converts inlineData to raw bytes with media type and filename', () => {
    expect(
      genaiPartToA2aPart({
        inlineData: {
          data: base64('test file content'),
          mimeType: 'text/plain',
          displayName: 'my_bytes.txt',
        },
      }),
    ).toEqual(
      a2a(
        { $case: 'raw', value: Buffer.from('test file content') },
        { mediaType: 'text/plain', filename: 'my_bytes.txt' },
      ),
    );
  });

  it('carries videoMetadata as adk_video_metadata', () => {
    const result = genaiPartToA2aPart({
      inlineData: { data: base64('test video content'), mimeType: 'video/mp4' },
      videoMetadata: { fps: 30 },
    });
    expect(result?.metadata).toEqual({ adk_video_metadata: { fps: 30 } });
  });

  it('gives nothing for a blob without data', () => {
    expect(genaiPartToA2aPart({ inlineData: { mimeType: 'image/png' } })).toBeUndefined();
  });

  it('turns a tagged text/plain blob back into its data part, metadata from partMetadata', () => {
    const result = genaiPartToA2aPart({
      inlineData: { data: base64(`${START}{"key": "value"}${END}`), mimeType: 'text/plain' },
      partMetadata: { adk_type: 'some_type', mimeType: 'image/png' },
    });
    expect(result).toEqual(
      dataPart({ key: 'value' }, { adk_type: 'some_type', mimeType: 'image/png' }),
    );
  });

  it.each<[string, Part, string, unknown]>([
    [
      'function call',
      { functionCall: { name: 'test_function', args: { param1: 'value1', param2: 42 } } },
      'function_call',
      { name: 'test_function', args: { param1: 'value1', param2: 42 } },
    ],
    [
      'function response',
      { functionResponse: { name: 'test_function', response: { result: 'success' } } },
      'function_response',
      { name: 'test_function', response: { result: 'success' } },
    ],
    [
      'code execution result',
      { codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: 'Hello, World!' } },
      'code_execution_result',
      { outcome: 'OUTCOME_OK', output: 'Hello, World!' },
    ],
    [
      'executable code',
      { executableCode: { language: 'PYTHON' as never, code: "print('Hello, World!')" } },
      'executable_code',
      { code: "print('Hello, World!')", language: 'PYTHON' },
    ],
  ])('converts a %s to a data part typed by adk_type', (_label, part, type, data) => {
    expect(genaiPartToA2aPart(part)).toEqual(dataPart(data, { adk_type: type }));
  });

  it('leaves out null fields of the value, as model_dump(exclude_none=True) does', () => {
    const part = { functionCall: { id: null, name: 'f', args: { kept: null } } } as unknown as Part;
    expect(genaiPartToA2aPart(part)?.content).toEqual({
      $case: 'data',
      value: { name: 'f', args: { kept: null } },
    });
  });

  it('merges partMetadata into the metadata of every kind of part', () => {
    const partMetadata = { origin: 'x' };
    expect(genaiPartToA2aPart({ text: 't', thought: false, partMetadata })?.metadata).toEqual({
      adk_thought: false,
      origin: 'x',
    });
    expect(genaiPartToA2aPart({ fileData: { fileUri: 'u' }, partMetadata })?.metadata).toEqual(
      partMetadata,
    );
    expect(
      genaiPartToA2aPart({ functionCall: { name: 'f', args: {} }, partMetadata })?.metadata,
    ).toEqual({ adk_type: 'function_call', origin: 'x' });
  });

  it('gives nothing for a part it cannot hold, with a warning', () => {
    expect(genaiPartToA2aPart({})).toBeUndefined();
    expect(logs.map((record) => record.level)).toEqual(['warn']);
  });
});

describe('thought signatures of function calls', () => {
  it('travel as base64 adk_thought_signature, only when set', () => {
    const signature = base64('gemini3_signature_bytes');
    const withSignature = genaiPartToA2aPart({
      functionCall: { id: 'fc_gemini3', name: 'my_tool', args: { document: 'test content' } },
      thoughtSignature: signature,
    });
    expect(withSignature?.metadata).toEqual({
      adk_type: 'function_call',
      adk_thought_signature: signature,
    });
    const without = genaiPartToA2aPart({ functionCall: { id: 'fc', name: 'tool', args: {} } });
    expect(without?.metadata).not.toHaveProperty('adk_thought_signature');
  });

  it('are restored from adk_thought_signature, and left out when it is not base64', () => {
    const restored = a2aPartToGenaiPart(
      dataPart(
        { id: 'fc_gemini3', name: 'my_tool', args: {} },
        { adk_type: 'function_call', adk_thought_signature: base64('restored_signature') },
      ),
    );
    expect(restored?.thoughtSignature).toBe(base64('restored_signature'));
    const invalid = a2aPartToGenaiPart(
      dataPart(
        { id: 'fc_invalid', name: 'invalid_sig_tool', args: {} },
        { adk_type: 'function_call', adk_thought_signature: 'not_valid_base64!!!' },
      ),
    );
    expect(invalid?.functionCall?.name).toBe('invalid_sig_tool');
    expect(invalid).not.toHaveProperty('thoughtSignature');
    expect(logs).toEqual([
      { level: 'warn', message: 'Failed to decode thought_signature: not_valid_base64!!!' },
    ]);
    const absent = a2aPartToGenaiPart(
      dataPart({ id: 'fc', name: 'regular_tool', args: {} }, { adk_type: 'function_call' }),
    );
    expect(absent).not.toHaveProperty('thoughtSignature');
  });
});

describe('round trips', () => {
  it.each<[string, Part]>([
    ['text', { text: 'Hello, world!' }],
    ['file by URI', { fileData: { fileUri: 'gs://bucket/file.txt', mimeType: 'text/plain' } }],
    [
      'file bytes',
      { inlineData: { data: base64('round trip'), mimeType: 'application/octet-stream' } },
    ],
    ['function call', { functionCall: { name: 'test_function', args: { param2: 42 } } }],
    ['function response', { functionResponse: { name: 'f', response: { data: [1, 2, 3] } } }],
    [
      'code execution result',
      { codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: 'Hello, World!' } },
    ],
    ['executable code', { executableCode: { code: 'print(1)', language: 'PYTHON' as never } }],
  ])('GenAI → A2A → GenAI keeps a %s', (_label, part) => {
    const back = a2aPartToGenaiPart(genaiPartToA2aPart(part)!);
    const { partMetadata: _metadata, ...rest } = back!;
    expect(rest).toEqual(part);
  });

  it('GenAI → A2A → GenAI keeps a thought and a thought signature', () => {
    expect(a2aPartToGenaiPart(genaiPartToA2aPart({ text: 'Thinking...', thought: true })!)).toEqual(
      { text: 'Thinking...', thought: true, partMetadata: { adk_thought: true } },
    );
    const signature = base64('round_trip_signature_test');
    const back = a2aPartToGenaiPart(
      genaiPartToA2aPart({
        functionCall: { id: 'fc_round_trip', name: 'round_trip_tool', args: { key: 'value' } },
        thoughtSignature: signature,
      })!,
    );
    expect(back?.thoughtSignature).toBe(signature);
  });

  it.each<[string, A2aPart]>([
    ['data part', dataPart({ key: 'value' }, { meta: 'data' })],
    [
      'data part with mime_type in its metadata',
      dataPart({ content: 'some data' }, { meta: 'data', mime_type: 'application/json' }),
    ],
    [
      'text part with metadata',
      a2a({ $case: 'text', value: 'some text' }, { metadata: { key1: 'value1', key2: 'value2' } }),
    ],
    [
      'file part with metadata',
      a2a(
        { $case: 'url', value: 'gs://bucket/file.txt' },
        { mediaType: 'text/plain', filename: 'my_file.txt', metadata: { key1: 'value1' } },
      ),
    ],
  ])('A2A → GenAI → A2A keeps a %s', (_label, part) => {
    expect(genaiPartToA2aPart(a2aPartToGenaiPart(part)!)).toEqual(part);
  });
});
