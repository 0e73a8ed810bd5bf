/**
 * One process of the cross-process workflow resume test
 * (src/workflow/workflow-resume-database.test.ts):
 *   node --import tsx test/workflow/workflow-resume-process.ts <uri> pause|resume
 * Builds the same approval workflow as the test (prepare → ask → finish) with
 * a new Runner on a DatabaseSessionService. `pause` creates the session and
 * sends the user's text; `resume` answers interrupt `approval` with
 * `{result: 'approved'}`. Prints one JSON line: the node runs of this
 * process, the interrupt ids and the outputs (by node path) the run yielded.
 */
import { Runner } from '../../src/runner/runner.js';
import { DatabaseSessionService } from '../../src/sessions/database/database-session-service.js';
import { FunctionNode } from '../../src/workflow/function-node.js';
import { RequestInput } from '../../src/workflow/request-input.js';
import { START } from '../../src/workflow/start.js';
import { Workflow } from '../../src/workflow/workflow.js';
import type { Content } from '../../src/types/index.js';

const [uri = '', phase = 'pause'] = process.argv.slice(2);
const ids = { appName: 'resume_app', userId: 'u', sessionId: 'approval' };
const runs: string[] = [];

const workflow = new Workflow({
  name: 'approval_flow',
  edges: [
    [
      START,
      new FunctionNode('prepare', () => {
        runs.push('prepare');
        return { amount: 120 };
      }),
      new FunctionNode('ask', (_ctx, input: unknown) => {
        runs.push('ask');
        return new RequestInput({ interruptId: 'approval', payload: input, message: 'Approve?' });
      }),
      new FunctionNode('finish', (_ctx, input: unknown) => {
        runs.push('finish');
        return `finished: ${String(input)}`;
      }),
    ],
  ],
});

const sessionService = new DatabaseSessionService({ dbUrl: uri });
try {
  const runner = new Runner({
    agent: workflow,
    appName: ids.appName,
    sessionService,
    resumabilityConfig: { isResumable: true },
  });
  let message: Content;
  if (phase === 'pause') {
    await sessionService.createSession(ids);
    message = { role: 'user', parts: [{ text: 'pay the invoice' }] };
  } else {
    message = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'approval',
            name: 'adk_request_input',
            response: { result: 'approved' },
          },
        },
      ],
    };
  }
  const interrupts: string[] = [];
  const outputs: [string, unknown][] = [];
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: message,
  })) {
    interrupts.push(...(event.longRunningToolIds ?? []));
    if (event.output !== undefined) outputs.push([event.nodeInfo?.path ?? '', event.output]);
  }
  process.stdout.write(`${JSON.stringify({ runs, interrupts, outputs })}\n`);
} finally {
  await sessionService.close();
}
