import { describe, expect, it } from 'vitest';
import { decodeRunFrame, SseFrameParser } from './sse';

describe('SseFrameParser', () => {
  it('yields the data of each complete frame', () => {
    const parser = new SseFrameParser();
    expect(parser.push('data: {"a":1}\n\ndata: {"b":2}\n\n')).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('keeps a frame split across chunks until it ends', () => {
    const parser = new SseFrameParser();
    expect(parser.push('data: {"te')).toEqual([]);
    expect(parser.push('xt":"hi"}\n')).toEqual([]);
    expect(parser.push('\ndata: x')).toEqual(['{"text":"hi"}']);
    expect(parser.flush()).toEqual(['x']);
    expect(parser.flush()).toEqual([]);
  });

  it('accepts CRLF and CR line ends, joins data lines, ignores comments and other fields', () => {
    const parser = new SseFrameParser();
    expect(parser.push(': ping\r\n\r\nevent: message\r\ndata:one\r\ndata: two\r\n\r\n')).toEqual([
      'one\ntwo',
    ]);
    expect(parser.push('data: three\r\r')).toEqual(['three']);
  });
});

describe('decodeRunFrame', () => {
  it('decodes events and Python error frames', () => {
    expect(decodeRunFrame('{"id":"e1","author":"agent","invocationId":"i","timestamp":1}')).toEqual(
      {
        kind: 'event',
        event: { id: 'e1', author: 'agent', invocationId: 'i', timestamp: 1 },
      },
    );
    expect(decodeRunFrame('{"error":"ValueError: boom","error_details":{}}')).toEqual({
      kind: 'error',
      message: 'ValueError: boom',
    });
  });

  it('reads the message and the failed tool call from error_details', () => {
    const frame = JSON.stringify({
      error: 'ToolExecutionError: Tool "lookup" failed: timeout',
      error_details: {
        error_type: 'ToolExecutionError',
        error_message: 'Tool "lookup" failed: timeout',
        timestamp: 1,
        tool_name: 'lookup',
        function_call_id: 'adk-1',
      },
    });
    expect(decodeRunFrame(frame)).toEqual({
      kind: 'error',
      message: 'ToolExecutionError: Tool "lookup" failed: timeout',
      detail: 'Tool "lookup" failed: timeout',
      toolName: 'lookup',
      functionCallId: 'adk-1',
    });
  });

  it('reports frames that are not events as errors', () => {
    expect(decodeRunFrame('not json').kind).toBe('error');
    expect(decodeRunFrame('[1]').kind).toBe('error');
    expect(decodeRunFrame('{"id":"x"}').kind).toBe('error');
  });
});
