/**
 * Event compaction: an app whose old turns are summarized, so the model is
 * sent the summaries and the recent turns instead of the whole history.
 * The agent and the summarizer are scripted models here; give them real
 * ones (or leave out the summarizer to use the agent's model).
 *
 * Run: npx tsx examples/compaction/main.ts
 */
import { App, InMemoryRunner, LlmAgent, LlmEventSummarizer } from '@adk-ts/adk';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';

const agentModel = new ScriptedLlm({
  responses: (_request, call) => textResponse(`Noted, item ${call + 1}.`),
});
const summaryModel = new ScriptedLlm({
  responses: (_request, call) => textResponse(`Summary ${call + 1} of the shopping list so far.`),
});

const app = new App({
  name: 'compaction_demo',
  rootAgent: new LlmAgent({ name: 'shopper', model: agentModel, instruction: 'Keep a list.' }),
  eventsCompactionConfig: {
    // Every 2 new invocations, summarize them and the 1 before them.
    compactionInterval: 2,
    overlapSize: 1,
    summarizer: new LlmEventSummarizer({ llm: summaryModel }),
  },
});
const runner = new InMemoryRunner({ app });
const ids = { appName: app.name, userId: 'ana', sessionId: 'list' };
await runner.sessionService.createSession(ids);

for (const item of ['milk', 'bread', 'eggs', 'apples', 'rice']) {
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: { role: 'user', parts: [{ text: `Add ${item}.` }] },
  })) {
    console.log(`${event.author}: ${event.content?.parts?.[0]?.text}`);
  }
  const session = await runner.sessionService.getSession(ids);
  const summaries = session!.events.filter((event) => event.actions.compaction);
  console.log(`(after "${item}": ${summaries.length} summaries stored)`);
}

// The sixth request: the summaries stand for the first four turns.
for await (const _ of runner.runAsync({
  userId: ids.userId,
  sessionId: ids.sessionId,
  newMessage: { role: 'user', parts: [{ text: 'What is on the list?' }] },
}));
const sent = agentModel.requests.at(-1)!.contents;
for (const content of sent) console.log(`sent ${content.role}: ${content.parts?.[0]?.text}`);
console.log(
  `summarizer prompt starts: ${summaryModel.requests[0]!.contents[0]!.parts![0]!.text!.slice(0, 60)}`,
);
