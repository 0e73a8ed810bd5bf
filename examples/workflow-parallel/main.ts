/**
 * A parallel document summariser (spec 004 §4): `split_docs` outputs a list,
 * a ParallelWorker runs the summariser agent once per document (each on its
 * own sub-branch, at most two at a time) and `collect` receives the summaries
 * in the documents' order. A scripted model keeps it offline.
 *
 * Run: npx tsx examples/workflow-parallel/main.ts
 */
import {
  FunctionNode,
  InMemoryRunner,
  LlmAgent,
  ParallelWorker,
  START,
  Workflow,
  stringifyContent,
} from '@adk-ts/adk';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';

const documents = [
  'The quarterly report shows revenue up 12% on strong cloud sales.',
  'The new office opens in Lisbon in March with room for 80 people.',
  'The security audit found no critical issues and two minor ones.',
];

const summariser = new LlmAgent({
  name: 'summariser',
  // The scripted model answers from the document it was given, whatever order the calls come in.
  model: new ScriptedLlm({
    responses: (request) => {
      const asked = request.contents.map((content) => stringifyContent({ content })).join(' ');
      if (asked.includes('revenue')) return textResponse('Revenue grew 12%.');
      if (asked.includes('Lisbon')) return textResponse('A Lisbon office opens in March.');
      return textResponse('The audit found only minor issues.');
    },
  }),
  instruction: 'Summarise the document passed to you in one sentence.',
});

const splitDocs = new FunctionNode('split_docs', () => documents);
const worker = new ParallelWorker(summariser, { maxConcurrency: 2 });
const collect = new FunctionNode('collect', (_ctx, summaries: unknown) =>
  (summaries as string[]).map((summary) => `- ${summary}`).join('\n'),
);

const pipeline = new Workflow({
  name: 'doc_summariser',
  edges: [[START, splitDocs, worker, collect]],
});

const runner = new InMemoryRunner({ agent: pipeline, appName: 'docs' });
const session = await runner.sessionService.createSession({ appName: 'docs', userId: 'ed' });
for await (const event of runner.runAsync({
  userId: 'ed',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Summarise the documents.' }] },
})) {
  const text = stringifyContent(event);
  if (text) console.log(`${event.author} [${event.branch ?? ''}]: ${text}`);
  if (event.nodeInfo?.path.endsWith('collect@1') && event.output !== undefined) {
    console.log(`summary:\n${String(event.output)}`);
  }
}
