import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_STREAMING } from './streaming-tool-inputs.js';
import { FunctionTool } from './function-tool.js';
import { toolContext } from './function-tool-test-fixtures.js';
import { STOP_STREAMING_TOOL_NAME, stopStreaming } from './stop-streaming-tool.js';

const inputs = { inputStream: undefined, abortSignal: new AbortController().signal };

describe('streaming FunctionTools (adk-python functions.py: async generator functions)', () => {
  it('recognises an async function* as streaming, and takes an explicit option for other iterables', () => {
    const generator = new FunctionTool({
      name: 'gen',
      description: 'd',
      inputStream: true,
      async *execute() {
        yield 1;
      },
    });
    const plain = new FunctionTool({
      name: 'plain',
      description: 'd',
      inputStream: true,
      execute: async () => Promise.resolve(1),
    });
    const explicit = new FunctionTool({
      name: 'explicit',
      description: 'd',
      streaming: true,
      execute: () => ({ [Symbol.asyncIterator]: () => [][Symbol.iterator]() }),
    });
    expect([generator.isStreaming, generator.acceptsInputStream]).toEqual([true, true]);
    // inputStream means nothing for a function that does not stream.
    expect([plain.isStreaming, plain.acceptsInputStream]).toEqual([false, false]);
    expect(explicit.isStreaming).toBe(true);
  });

  it('outside a live run, a streaming tool answers with an error and its function never starts', async () => {
    let started = false;
    const tool = new FunctionTool({
      name: 'monitor_stock_price',
      description: 'd',
      parameters: z.object({ stock_symbol: z.string() }),
      async *execute() {
        started = true;
        yield 1;
      },
    });
    const result = await tool.runAsync({
      args: { stock_symbol: 'GOOG' },
      context: await toolContext(),
    });
    expect(result).toEqual({
      error:
        'Invoking `monitor_stock_price()` failed: it is a streaming tool, which runs only in a live session.',
    });
    expect(started).toBe(false);
  });

  it('startStreaming validates first: an argument error is the result, and the function is not called', async () => {
    let calls = 0;
    const tool = new FunctionTool({
      name: 'monitor_stock_price',
      description: 'd',
      parameters: z.object({ stock_symbol: z.string() }),
      async *execute({ stock_symbol }, _context, streaming) {
        calls += 1;
        expect(streaming).toBe(inputs);
        yield stock_symbol;
      },
    });
    const context = await toolContext();
    const failed = await tool.startStreaming({ args: {}, context, inputs });
    expect(failed).toEqual({
      result: {
        error: expect.stringContaining('mandatory input parameters are not present:\nstock_symbol'),
      },
    });
    expect(calls).toBe(0);
    const started = await tool.startStreaming({ args: { stock_symbol: 'GOOG' }, context, inputs });
    if (!('stream' in started)) throw new Error('expected a stream');
    expect(await started.stream.next()).toEqual({ value: 'GOOG', done: false });
    expect(calls).toBe(1);
  });

  it('startStreaming asks for confirmation as runAsync does', async () => {
    const tool = new FunctionTool({
      name: 'watch',
      description: 'd',
      requireConfirmation: true,
      async *execute() {
        yield 1;
      },
    });
    const context = await toolContext();
    expect(await tool.startStreaming({ args: {}, context, inputs })).toEqual({
      result: { error: 'This tool call requires confirmation, please approve or reject.' },
    });
    expect(context.actions.requestedToolConfirmations['call-1']).toBeDefined();
  });

  it('a plain tool gets the not-streaming inputs: no stream, a signal that never fires', async () => {
    let received: unknown;
    const tool = new FunctionTool({
      name: 'plain',
      description: 'd',
      execute: (_args, _context, streaming) => {
        received = streaming;
        return 'ok';
      },
    });
    await tool.runAsync({ args: {}, context: await toolContext() });
    expect(received).toBe(NOT_STREAMING);
    expect(NOT_STREAMING.abortSignal.aborted).toBe(false);
  });

  it('the ready stop_streaming tool declares Python’s function_name parameter', () => {
    expect(stopStreaming.name).toBe(STOP_STREAMING_TOOL_NAME);
    expect(stopStreaming.getDeclaration()).toEqual({
      description: 'Stop the streaming',
      name: 'stop_streaming',
      parameters: {
        type: 'OBJECT',
        properties: {
          function_name: {
            type: 'STRING',
            description: 'The name of the streaming function to stop.',
          },
        },
        required: ['function_name'],
      },
    });
  });
});
