import { FunctionTool } from './function-tool.js';

/** The name of the tool the model calls to stop a streaming tool (Python's `stop_streaming`). */
export const STOP_STREAMING_TOOL_NAME = 'stop_streaming';

/**
 * A ready `stop_streaming` tool: the function Python's streaming-tools guide
 * asks users to declare (`stop_streaming(function_name: str)`), with the
 * same wire declaration, a string parameter `function_name`. Offer it with
 * the agent's streaming tools; in a live run the flow answers its calls
 * itself (it cancels the named tool, see docs/live.md "Streaming tools"),
 * so its own function runs only outside one, where it does nothing.
 */
export class StopStreamingTool extends FunctionTool<{
  type: 'object';
  properties: { function_name: { type: 'string'; description: string } };
  required: ['function_name'];
}> {
  constructor() {
    super({
      name: STOP_STREAMING_TOOL_NAME,
      description: 'Stop the streaming',
      parameters: {
        type: 'object',
        properties: {
          function_name: {
            type: 'string',
            description: 'The name of the streaming function to stop.',
          },
        },
        required: ['function_name'],
      },
      execute: () => undefined,
    });
  }
}

/** The shared `stop_streaming` tool instance. */
export const stopStreaming = new StopStreamingTool();
