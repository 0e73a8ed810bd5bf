import { describe, expect, it } from 'vitest';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import { errorFrameBody } from './sse-frames.js';

describe('errorFrameBody', () => {
  it('names the tool and the call of a ToolExecutionError, its own error text only when exposed', () => {
    const error = new ToolExecutionError({
      toolName: 'get_weather',
      functionCallId: 'adk-1',
      cause: new Error('connection to 10.0.0.5 refused'),
    });
    expect(errorFrameBody(error, false)).toEqual({
      error: 'ToolExecutionError: Tool "get_weather" failed.',
      error_details: {
        error_type: 'ToolExecutionError',
        error_message: 'Tool "get_weather" failed.',
        timestamp: expect.any(Number),
        tool_name: 'get_weather',
        function_call_id: 'adk-1',
      },
    });
    expect(errorFrameBody(error, true)).toMatchObject({
      error_details: {
        error_message: 'Tool "get_weather" failed: connection to 10.0.0.5 refused',
        tool_name: 'get_weather',
      },
    });
  });

  it('leaves the call id out when the call had none, and adds nothing for other errors', () => {
    const withoutId = new ToolExecutionError({
      toolName: 'f',
      functionCallId: undefined,
      cause: 'x',
    });
    const details = errorFrameBody(withoutId, false)['error_details'] as Record<string, unknown>;
    expect(details['tool_name']).toBe('f');
    expect(details).not.toHaveProperty('function_call_id');
    const plain = errorFrameBody(new Error('boom'), false)['error_details'] as object;
    expect(Object.keys(plain)).toEqual(['error_type', 'error_message', 'timestamp']);
  });
});
