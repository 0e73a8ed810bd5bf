/**
 * Loading an agent from YAML: the file names its model, tools and callbacks
 * by dotted name, and a registry maps those names to code. Nothing is
 * imported from the YAML itself. A scripted model keeps it offline.
 *
 * Run: npx tsx examples/yaml-agent/main.ts
 */
import { fileURLToPath } from 'node:url';
import {
  FunctionTool,
  InMemoryRunner,
  loadAgentFromYamlFile,
  stringifyContent,
  type AgentCallback,
  type ConfigRegistry,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const countVisit: AgentCallback = ({ context }) => {
  context.state.set('visits', Number(context.state.get('visits') ?? 0) + 1);
};

const registry: ConfigRegistry = {
  'yaml_agent.models.scripted': new ScriptedLlm({
    responses: [
      functionCallResponse('lookup_user', { userId: 'ada' }),
      textResponse('Welcome back, Ada Lovelace!'),
    ],
  }),
  'yaml_agent.tools.lookup_user': new FunctionTool({
    name: 'lookup_user',
    description: 'Finds a user by id.',
    parameters: z.object({ userId: z.string() }),
    execute: ({ userId }) => ({ userId, fullName: 'Ada Lovelace' }),
  }),
  'yaml_agent.callbacks.count_visit': countVisit,
};

const agent = await loadAgentFromYamlFile(
  fileURLToPath(new URL('./root_agent.yaml', import.meta.url)),
  { registry },
);
const runner = new InMemoryRunner({ agent, appName: 'yaml_agent' });
const session = await runner.sessionService.createSession({ appName: 'yaml_agent', userId: 'ada' });
for await (const event of runner.runAsync({
  userId: 'ada',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Hello!' }] },
})) {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  if (call) console.log(`${event.author} calls ${call.name}(${JSON.stringify(call.args)})`);
  else if (stringifyContent(event)) console.log(`${event.author}: ${stringifyContent(event)}`);
}
console.log(`loaded agent: ${agent.name} (${agent.constructor.name})`);
