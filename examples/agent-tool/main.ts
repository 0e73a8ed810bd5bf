/**
 * An agent used as a tool: the writer asks a translator agent (wrapped in an
 * AgentTool) for a translation, and gets its answer back as a tool result.
 * Scripted models keep it offline.
 *
 * Run: npx tsx examples/agent-tool/main.ts
 */
import { AgentTool, InMemoryRunner, LlmAgent, stringifyContent } from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';

const translator = new LlmAgent({
  name: 'translator',
  description: 'Translates English text to Portuguese.',
  model: new ScriptedLlm({ responses: [textResponse('Bom dia!')] }),
  instruction: 'Translate the request to Portuguese.',
});

const writerModel = new ScriptedLlm({
  responses: [
    functionCallResponse('translator', { request: 'Good morning!' }),
    textResponse('In Portuguese: "Bom dia!"'),
  ],
});
const writer = new LlmAgent({
  name: 'writer',
  model: writerModel,
  instruction: 'Use the translator when asked for a translation.',
  tools: [new AgentTool({ agent: translator })],
});

const runner = new InMemoryRunner({ agent: writer, appName: 'agent_tool_demo' });
const session = await runner.sessionService.createSession({
  appName: 'agent_tool_demo',
  userId: 'u',
});
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Say good morning in Portuguese.' }] },
})) {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  const response = event.content?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (call) console.log(`${event.author} calls ${call.name}(${JSON.stringify(call.args)})`);
  else if (response) console.log(`${event.author} gets ${JSON.stringify(response.response)}`);
  else console.log(`${event.author}: ${stringifyContent(event)}`);
}
const declaration = (
  writerModel.requests[0]?.config.tools as { functionDeclarations?: unknown[] }[] | undefined
)?.[0]?.functionDeclarations?.[0];
console.log(`declaration: ${JSON.stringify(declaration)}`);
