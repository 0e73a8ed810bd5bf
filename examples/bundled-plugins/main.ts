/**
 * Two of the bundled plugins on one app: GlobalInstructionPlugin gives every
 * agent the same leading instruction (filled from session state), and
 * SaveFilesAsArtifactsPlugin turns an uploaded file into an artifact, so the
 * model sees a short placeholder instead of the bytes on every turn.
 *
 * Run: npx tsx examples/bundled-plugins/main.ts
 */
import {
  App,
  GlobalInstructionPlugin,
  InMemoryRunner,
  LlmAgent,
  SaveFilesAsArtifactsPlugin,
  stringifyContent,
} from '@adk-ts/adk';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';

const model = new ScriptedLlm({ responses: [textResponse('I have your invoice, ACME.')] });
const app = new App({
  name: 'bundled_plugins',
  rootAgent: new LlmAgent({ name: 'clerk', model, instruction: 'Answer about invoices.' }),
  plugins: [
    new GlobalInstructionPlugin({ globalInstruction: 'You work for {customer}. Be formal.' }),
    new SaveFilesAsArtifactsPlugin(),
  ],
});
const runner = new InMemoryRunner({ app });
const session = await runner.sessionService.createSession({
  appName: 'bundled_plugins',
  userId: 'u',
  state: { customer: 'ACME' },
});
const invoice = Buffer.from('Invoice 42: 100 EUR').toString('base64');
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: {
    role: 'user',
    parts: [
      { text: 'Here is my invoice.' },
      { inlineData: { mimeType: 'text/plain', data: invoice, displayName: 'invoice.txt' } },
    ],
  },
})) {
  console.log(`${event.author}: ${stringifyContent(event)}`);
}

const request = model.requests[0]!;
console.log(`system instruction: ${JSON.stringify(request.config.systemInstruction)}`);
console.log(`the model saw: ${JSON.stringify(request.contents[0]?.parts)}`);
const artifact = await runner.artifactService!.loadArtifact({
  appName: 'bundled_plugins',
  userId: 'u',
  sessionId: session.id,
  filename: 'invoice.txt',
});
const saved = Buffer.from(artifact?.inlineData?.data ?? '', 'base64').toString();
console.log(`artifact invoice.txt: ${saved}`);
