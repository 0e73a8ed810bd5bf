/**
 * Task mode (spec 004 §10): a coordinator delegates a task to a sub-agent in
 * `mode: 'task'`. The coordinator's model calls the delegation tool named
 * after the task agent; the task agent works in its own isolation scope
 * (its events carry the delegation's id), uses its own tool, and ends the
 * task by calling `finish_task` with a structured result. That result
 * answers the coordinator's call, and the coordinator replies to the user.
 * Scripted models keep it offline.
 *
 * Run: npx tsx examples/task-mode/main.ts
 */
import {
  FunctionTool,
  InMemoryRunner,
  LlmAgent,
  stringifyContent,
  type LlmRequest,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const lookUpPopulation = new FunctionTool({
  name: 'look_up_population',
  description: 'Returns the population of a city, in millions.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, millions: city === 'Lisbon' ? 0.55 : 0 }),
});

function lastFunctionResponse(request: LlmRequest): Record<string, unknown> | undefined {
  return request.contents.at(-1)?.parts?.find((part) => part.functionResponse)?.functionResponse
    ?.response;
}

// The task agent's model: look the figure up, then finish the task with it.
const researcherModel = new ScriptedLlm({
  responses: (request) => {
    const found = lastFunctionResponse(request);
    if (!found) return functionCallResponse('look_up_population', { city: 'Lisbon' });
    return functionCallResponse('finish_task', {
      result: `Lisbon has about ${String(found['millions'])} million inhabitants.`,
    });
  },
});

// The coordinator's model: delegate once, then answer from the task's result.
const coordinatorModel = new ScriptedLlm({
  responses: (request) => {
    const taskResult = lastFunctionResponse(request);
    if (!taskResult) {
      return functionCallResponse(
        'researcher',
        { request: 'How many people live in Lisbon?' },
        'task-1',
      );
    }
    return textResponse(`According to the researcher: ${String(taskResult['result'])}`);
  },
});

const researcher = new LlmAgent({
  name: 'researcher',
  description: 'Finds facts about cities.',
  model: researcherModel,
  mode: 'task',
  instruction: 'Research the request with your tools, then call finish_task with the answer.',
  tools: [lookUpPopulation],
});
const coordinator = new LlmAgent({
  name: 'coordinator',
  model: coordinatorModel,
  instruction: 'Delegate research to the researcher.',
  subAgents: [researcher],
});

const runner = new InMemoryRunner({ agent: coordinator, appName: 'cities' });
const session = await runner.sessionService.createSession({ appName: 'cities', userId: 'mo' });
for await (const event of runner.runAsync({
  userId: 'mo',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'How big is Lisbon?' }] },
})) {
  const scope = event.isolationScope ? ` (scope ${event.isolationScope})` : '';
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall) {
      console.log(
        `${event.author}${scope}: call ${part.functionCall.name} ${JSON.stringify(part.functionCall.args)}`,
      );
    } else if (part.functionResponse) {
      console.log(
        `${event.author}${scope}: ${part.functionResponse.name} → ${JSON.stringify(part.functionResponse.response)}`,
      );
    }
  }
  if (event.output !== undefined)
    console.log(`${event.author}${scope}: task output ${JSON.stringify(event.output)}`);
  const text = stringifyContent(event);
  if (text && !event.content?.parts?.some((part) => part.functionCall || part.functionResponse)) {
    console.log(`${event.author}${scope}: ${text}`);
  }
}
