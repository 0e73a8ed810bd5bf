import { describe, expect, it } from 'vitest';
import { AdkError } from './adk-error.js';
import { ToolExecutionError } from './tool-execution-error.js';

describe('ToolExecutionError', () => {
  it('names the tool in its message and only the tool in its public message', () => {
    const cause = new Error('database unreachable: 17');
    const error = new ToolExecutionError({ toolName: 'get_weather', functionCallId: 'c1', cause });
    expect(error.message).toBe('Tool "get_weather" failed: database unreachable: 17');
    expect(error.publicMessage).toBe('Tool "get_weather" failed.');
    expect(error.cause).toBe(cause);
    expect(error.functionCallId).toBe('c1');
    expect(ToolExecutionError.isInstance(error)).toBe(true);
    expect(AdkError.isInstance(error)).toBe(true);
  });

  it('reads a thrown value that is not an Error', () => {
    const error = new ToolExecutionError({ toolName: 't', functionCallId: undefined, cause: 42 });
    expect(error.message).toBe('Tool "t" failed: 42');
  });
});
