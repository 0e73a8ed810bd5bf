import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import { UnsupportedModelError } from '../../errors/unsupported-model-error.js';
import type { Event } from '../../events/event.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import type { Content } from '../../types/index.js';
import {
  BaseCodeExecutor,
  type ExecuteCodeArguments,
} from '../../code-executors/base-code-executor.js';
import { BuiltInCodeExecutor } from '../../code-executors/built-in-code-executor.js';
import type { CodeExecutorResult } from '../../code-executors/code-execution-utils.js';
import { UnsafeLocalCodeExecutor } from '../../code-executors/unsafe-local-code-executor.js';
import { DATA_FILE_HELPER_LIB, NON_BUILTIN_EXECUTOR_INSTRUCTION } from './code-execution.js';

async function run(
  agent: LlmAgent,
  message: Content = userText('q'),
): Promise<{ events: Event[]; runner: InMemoryRunner }> {
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message }))
    events.push(event);
  return { events, runner };
}

/** A user-written executor: answers from a queue of results and records what it was asked to run. */
class RecordingExecutor extends BaseCodeExecutor {
  readonly calls: ExecuteCodeArguments['codeExecutionInput'][] = [];
  results: CodeExecutorResult[] = [];

  override executeCode({ codeExecutionInput }: ExecuteCodeArguments): CodeExecutorResult {
    this.calls.push(codeExecutionInput);
    return this.results.shift() ?? { stdout: 'ok', stderr: '', outputFiles: [] };
  }
}

const codeResponse = (text: string) => textResponse(text);

describe('code execution processors (spec 003 §16)', () => {
  it('spec 003 §16: BuiltInCodeExecutor adds the code-execution tool and leaves the response alone', async () => {
    const model = new ScriptedLlm({
      model: 'gemini-2.5-flash',
      responses: [textResponse('```python\nprint(1)\n```\nThe result is 1.')],
    });
    const { events } = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: new BuiltInCodeExecutor() }),
    );
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.config.tools).toEqual([{ codeExecution: {} }]);
    // Python yields an event for the (here empty) artifact delta before the model's own.
    expect(events).toHaveLength(2);
    expect(events[0]!.content).toBeUndefined();
    expect(events[0]!.actions.artifactDelta).toEqual({});
    expect(events[1]!.content!.parts).toEqual([
      { text: '```python\nprint(1)\n```\nThe result is 1.' },
    ]);
  });

  it('spec 003 §16: BuiltInCodeExecutor saves generated images as artifacts', async () => {
    const model = new ScriptedLlm({
      model: 'gemini-2.5-flash',
      responses: [
        {
          content: {
            role: 'model',
            parts: [
              { inlineData: { mimeType: 'image/png', data: 'aW1hZ2U=', displayName: 'plot.png' } },
              { text: 'Here is the plot.' },
            ],
          },
        },
      ],
    });
    const { events, runner } = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: new BuiltInCodeExecutor() }),
    );
    expect(events[0]!.actions.artifactDelta).toEqual({ 'plot.png': 0 });
    expect(events[1]!.content!.parts).toEqual([
      { text: 'Saved as artifact: plot.png. ' },
      { text: 'Here is the plot.' },
    ]);
    const saved = await runner.artifactService!.loadArtifact({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
      filename: 'plot.png',
    });
    expect(saved).toEqual({ inlineData: { mimeType: 'image/png', data: 'aW1hZ2U=' } });
  });

  it('spec 003 §16: BuiltInCodeExecutor rejects models without built-in code execution', async () => {
    const model = new ScriptedLlm({ model: 'gemini-1.5-flash', responses: [textResponse('x')] });
    const error = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: new BuiltInCodeExecutor() }),
    ).catch((caught: unknown) => caught);
    expect(UnsupportedModelError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Gemini code execution tool is not supported for model gemini-1.5-flash',
    );
  });

  it('spec 003 §16: runs the first code block with python3, yields code and result, and calls the model again', async () => {
    const model = new ScriptedLlm({
      responses: [
        codeResponse('Let me compute.\n```python\nprint(1+1)\n```\nIgnored tail.'),
        textResponse('It is 2.'),
      ],
    });
    const { events } = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: new UnsafeLocalCodeExecutor() }),
    );

    expect(events).toHaveLength(3);
    const [codeEvent, resultEvent, answer] = events as [Event, Event, Event];
    expect(codeEvent.author).toBe('a');
    expect(codeEvent.content).toEqual({
      role: 'model',
      parts: [
        { text: 'Let me compute.\n' },
        { executableCode: { code: 'print(1+1)', language: 'PYTHON' } },
      ],
    });
    expect(resultEvent.content).toEqual({
      role: 'model',
      parts: [
        {
          codeExecutionResult: { outcome: 'OUTCOME_OK', output: 'Code execution result:\n2\n\n' },
        },
      ],
    });
    expect(resultEvent.actions.stateDelta).toEqual({ _code_execution_context: {} });
    expect(answer.content!.parts).toEqual([{ text: 'It is 2.' }]);

    // The second call sees the code and its result as text, fenced as in Python.
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.contents).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      {
        role: 'model',
        parts: [{ text: 'Let me compute.\n' }, { text: '```tool_code\nprint(1+1)\n```' }],
      },
      {
        role: 'user',
        parts: [{ text: '```tool_output\nCode execution result:\n2\n\n\n```' }],
      },
    ]);
    // A non-optimising executor adds no instruction.
    expect(model.requests[1]!.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "a".',
    );
  });

  it('spec 003 §16: stops executing after errorRetryAttempts consecutive failures', async () => {
    const failing = '```python\nprint("partial")\n1/0\n```';
    const model = new ScriptedLlm({ responses: () => codeResponse(failing) });
    const { events } = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: new UnsafeLocalCodeExecutor() }),
    );

    // Two failed runs (the default limit), then the third response is final as it is.
    expect(model.requests).toHaveLength(3);
    const results = events.filter((event) => event.content?.parts?.[0]?.codeExecutionResult);
    expect(results.map((event) => event.content!.parts![0]!.codeExecutionResult)).toEqual([
      { outcome: 'OUTCOME_FAILED', output: 'division by zero' },
      { outcome: 'OUTCOME_FAILED', output: 'division by zero' },
    ]);
    expect(events.at(-1)!.content!.parts).toEqual([{ text: failing }]);
    expect(model.requests[1]!.contents.at(-1)).toEqual({
      role: 'user',
      parts: [{ text: '```tool_output\ndivision by zero\n```' }],
    });
  });

  it('spec 003 §16: errorRetryAttempts of 1 stops after the first failure', async () => {
    const model = new ScriptedLlm({
      responses: () => codeResponse('```tool_code\nraise ValueError("bad")\n```'),
    });
    const { events } = await run(
      new LlmAgent({
        name: 'a',
        model,
        codeExecutor: new UnsafeLocalCodeExecutor({ errorRetryAttempts: 1 }),
      }),
    );
    expect(model.requests).toHaveLength(2);
    expect(events).toHaveLength(3);
    expect(events[1]!.content!.parts![0]!.codeExecutionResult).toEqual({
      outcome: 'OUTCOME_FAILED',
      output: 'bad',
    });
  });

  it('spec 003 §16: a successful run resets the failure count', async () => {
    const executor = new RecordingExecutor();
    const failure: CodeExecutorResult = { stdout: '', stderr: 'boom', outputFiles: [] };
    executor.results = [failure, { stdout: 'fine', stderr: '', outputFiles: [] }, failure, failure];
    const model = new ScriptedLlm({ responses: () => codeResponse('```python\nx\n```') });
    await run(new LlmAgent({ name: 'a', model, codeExecutor: executor }));
    // Counts 1, 0, 1, 2: the fifth response is no longer executed.
    expect(executor.calls).toHaveLength(4);
    expect(model.requests).toHaveLength(5);
  });

  it('spec 003 §16: output files become artifacts and are listed in the result', async () => {
    const executor = new RecordingExecutor();
    executor.results = [
      {
        stdout: '',
        stderr: '',
        outputFiles: [{ name: 'out.txt', content: 'aGVsbG8=', mimeType: 'text/plain' }],
      },
    ];
    const model = new ScriptedLlm({
      responses: [codeResponse('```python\nsave()\n```'), textResponse('saved')],
    });
    const { events, runner } = await run(
      new LlmAgent({ name: 'a', model, codeExecutor: executor }),
    );
    expect(events[1]!.actions.artifactDelta).toEqual({ 'out.txt': 0 });
    expect(events[1]!.content!.parts![0]!.codeExecutionResult).toEqual({
      outcome: 'OUTCOME_OK',
      output: 'Saved artifacts:\n`out.txt`',
    });
    const saved = await runner.artifactService!.loadArtifact({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
      filename: 'out.txt',
    });
    expect(saved).toEqual({ inlineData: { data: 'aGVsbG8=', mimeType: 'text/plain' } });
  });

  it('spec 003 §16: data-file optimisation replaces a CSV part with its name and explores it first', async () => {
    const executor = new RecordingExecutor({ optimizeDataFile: true, stateful: true });
    executor.results = [{ stdout: 'Total rows: 1', stderr: '', outputFiles: [] }];
    const model = new ScriptedLlm({ responses: [textResponse('The file has one row.')] });
    const csv = Buffer.from('a,b\n1,2\n').toString('base64');
    const { events } = await run(new LlmAgent({ name: 'a', model, codeExecutor: executor }), {
      role: 'user',
      parts: [{ text: 'Analyse this.' }, { inlineData: { mimeType: 'text/csv', data: csv } }],
    });

    const expectedCode = `
${DATA_FILE_HELPER_LIB}

# Load the dataframe.
data_1_2 = pd.read_csv('data_1_2.csv')

# Use \`explore_df\` to guide my analysis.
explore_df(data_1_2)
`;
    expect(executor.calls).toEqual([
      {
        code: expectedCode,
        inputFiles: [{ name: 'data_1_2.csv', content: csv, mimeType: 'text/csv' }],
        executionId: 's',
      },
    ]);

    const request = model.requests[0]!;
    expect(request.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'Analyse this.' }, { text: '\nAvailable file: `data_1_2.csv`\n' }],
      },
      {
        role: 'model',
        parts: [
          { text: 'Processing input file: `data_1_2.csv`' },
          { text: `\`\`\`tool_code\n${expectedCode}\n\`\`\`` },
        ],
      },
      {
        role: 'user',
        parts: [{ text: '```tool_output\nCode execution result:\nTotal rows: 1\n\n```' }],
      },
    ]);
    const instruction = NON_BUILTIN_EXECUTOR_INSTRUCTION.replace(
      '{code_fence_start}',
      '```tool_code\n',
    ).replace('{code_fence_end}', '\n```');
    expect(request.config.systemInstruction).toBe(
      `You are an agent. Your internal name is "a".\n\n${instruction}`,
    );
    expect(instruction).toContain('```tool_code\nprint("hello")\n\n```\n\nDO NOT emit');

    expect(events).toHaveLength(3);
    expect(events[0]!.content!.parts![1]!.executableCode).toEqual({
      code: expectedCode,
      language: 'PYTHON',
    });
    expect(events[1]!.actions.stateDelta).toEqual({
      _code_execution_context: {
        execution_session_id: 's',
        processed_input_files: ['data_1_2.csv'],
      },
    });
    expect(events[2]!.content!.parts).toEqual([{ text: 'The file has one row.' }]);
  });

  it('spec 003 §16: code execution runs after NL planning and before the output schema', async () => {
    const { SINGLE_FLOW_REQUEST_PROCESSORS, SINGLE_FLOW_RESPONSE_PROCESSORS } =
      await import('../llm-flows.js');
    const { codeExecutionRequestProcessor, codeExecutionResponseProcessor } =
      await import('./code-execution.js');
    const { nlPlanningRequestProcessor, nlPlanningResponseProcessor } =
      await import('./nl-planning.js');
    const { outputSchemaRequestProcessor } = await import('./output-schema.js');
    const requests = [...SINGLE_FLOW_REQUEST_PROCESSORS];
    const index = requests.indexOf(codeExecutionRequestProcessor);
    expect(requests[index - 1]).toBe(nlPlanningRequestProcessor);
    expect(requests[index + 1]).toBe(outputSchemaRequestProcessor);
    expect([...SINGLE_FLOW_RESPONSE_PROCESSORS]).toEqual([
      nlPlanningResponseProcessor,
      codeExecutionResponseProcessor,
    ]);
  });
});
