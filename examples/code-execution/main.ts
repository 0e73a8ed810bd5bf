/**
 * Code execution: the model writes Python, UnsafeLocalCodeExecutor runs it
 * with the machine's python3, and the model reads the output on its next
 * turn. Scripted model, real interpreter. Needs `python3` on the PATH.
 *
 * Run: npx tsx examples/code-execution/main.ts
 */
import { InMemoryRunner, LlmAgent, UnsafeLocalCodeExecutor } from '@adk-ts/adk';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';

const model = new ScriptedLlm({
  responses: [
    textResponse('Let me compute it.\n```tool_code\nprint(sum(range(1, 101)))\n```'),
    textResponse('The sum of 1..100 is 5050.'),
  ],
});
const agent = new LlmAgent({
  name: 'calculator',
  model,
  instruction: 'Write Python to compute answers.',
  codeExecutor: new UnsafeLocalCodeExecutor({ timeoutSeconds: 20 }),
});

const runner = new InMemoryRunner({ agent, appName: 'code_demo' });
const session = await runner.sessionService.createSession({ appName: 'code_demo', userId: 'u' });
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'What is 1 + 2 + ... + 100?' }] },
})) {
  for (const part of event.content?.parts ?? []) {
    if (part.executableCode)
      console.log(`${event.author} runs: ${part.executableCode.code?.trim()}`);
    else if (part.codeExecutionResult)
      console.log(`result: ${JSON.stringify(part.codeExecutionResult.output)}`);
    else if (part.text) console.log(`${event.author}: ${part.text}`);
  }
}
console.log('what the model saw on its second turn:');
console.log(JSON.stringify(model.requests[1]?.contents.at(-1)));
