import { describe, expect, it } from 'vitest';
import { CodeExecutorContext } from './code-executor-context.js';

describe('CodeExecutorContext (spec 003 §16)', () => {
  it('spec 003 §16: keeps its bookkeeping under the session-state keys Python uses', () => {
    const state: Record<string, unknown> = {};
    const context = new CodeExecutorContext(state);
    context.setExecutionId('session-1');
    context.addProcessedFileNames(['data_1_1.csv']);
    context.addInputFiles([{ name: 'data_1_1.csv', content: 'YQ==', mimeType: 'text/csv' }]);
    context.incrementErrorCount('e-1');
    context.incrementErrorCount('e-1');
    context.updateCodeExecutionResult('e-1', 'print(1)', '1\n', '');

    expect(state['_code_execution_context']).toEqual({
      execution_session_id: 'session-1',
      processed_input_files: ['data_1_1.csv'],
    });
    expect(state['_code_executor_input_files']).toEqual([
      { name: 'data_1_1.csv', content: 'YQ==', mime_type: 'text/csv' },
    ]);
    expect(state['_code_executor_error_counts']).toEqual({ 'e-1': 2 });
    expect(state['_code_execution_results']).toEqual({
      'e-1': [
        {
          code: 'print(1)',
          result_stdout: '1\n',
          result_stderr: '',
          timestamp: expect.any(Number),
        },
      ],
    });
    expect(context.getStateDelta()).toEqual({
      _code_execution_context: {
        execution_session_id: 'session-1',
        processed_input_files: ['data_1_1.csv'],
      },
    });
  });

  it('spec 003 §16: reads back what it stored, and what a new context finds in the state', () => {
    const state: Record<string, unknown> = {};
    new CodeExecutorContext(state).addInputFiles([
      { name: 'f.csv', content: 'YQ==', mimeType: 'text/csv' },
    ]);
    const context = new CodeExecutorContext(state);
    expect(context.getInputFiles()).toEqual([
      { name: 'f.csv', content: 'YQ==', mimeType: 'text/csv' },
    ]);
    expect(context.getErrorCount('e-1')).toBe(0);
    context.incrementErrorCount('e-1');
    context.resetErrorCount('e-1');
    expect(context.getErrorCount('e-1')).toBe(0);
    context.addProcessedFileNames(['f.csv']);
    context.clearInputFiles();
    expect(context.getInputFiles()).toEqual([]);
    expect(context.getProcessedFileNames()).toEqual([]);
  });

  it('spec 003 §16: the delta is a copy', () => {
    const context = new CodeExecutorContext({});
    const delta = context.getStateDelta();
    context.setExecutionId('x');
    expect(delta).toEqual({ _code_execution_context: {} });
  });
});
