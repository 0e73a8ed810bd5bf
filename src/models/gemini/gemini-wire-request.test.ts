import { describe, expect, it } from 'vitest';
import { candidateResponse } from '../../../test/providers/gemini-server.js';
import type { Content } from '../../types/index.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { useGeminiTestEnvironment, start, gemini, collect } from './gemini-test-fixtures.js';

useGeminiTestEnvironment();

describe('Gemini: request preparation on the wire (Python _preprocess_request)', () => {
  const history: Content[] = [
    {
      role: 'user',
      parts: [
        { text: 'What is in this chart?' },
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=', displayName: 'chart.png' } },
      ],
    },
  ];
  const config = {
    labels: { adk_agent_name: 'chart_agent' },
    tools: [
      {
        functionDeclarations: [
          {
            name: 'describe',
            description: 'Describes a chart.',
            parameters: { type: 'OBJECT', properties: { focus: { type: 'STRING' } } },
            response: { type: 'OBJECT', properties: { summary: { type: 'STRING' } } },
          },
        ],
      },
    ],
  } as LlmRequest['config'];

  it('Gemini API: no labels, display names or tool response schemas (the API rejects the first two)', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'A bar chart.' }] }),
    });

    const responses = await collect(
      gemini(target).generateContentAsync(createLlmRequest({ contents: history, config })),
    );

    expect(responses[0]?.content?.parts).toEqual([{ text: 'A bar chart.' }]);
    expect(target.requests[0]?.body).toEqual({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'What is in this chart?' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'describe',
              description: 'Describes a chart.',
              parameters: { type: 'OBJECT', properties: { focus: { type: 'STRING' } } },
            },
          ],
        },
      ],
      generationConfig: {},
    });
  });

  it('Vertex AI: the project path of the Vertex API, with labels, display names and response schemas', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'A bar chart.' }] }),
    });
    const model = gemini(target, {
      vertexai: true,
      project: 'my-project',
      location: 'us-central1',
    });

    await collect(model.generateContentAsync(createLlmRequest({ contents: history, config })));

    const [request] = target.requests;
    expect(request?.backend).toBe('vertex');
    expect(request?.path).toBe(
      '/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    expect(request?.body['labels']).toEqual({ adk_agent_name: 'chart_agent' });
    expect(request?.body['contents']).toEqual(history);
    const tools = request?.body['tools'] as { functionDeclarations: Record<string, unknown>[] }[];
    expect(tools[0]?.functionDeclarations[0]?.['response']).toEqual({
      type: 'OBJECT',
      properties: { summary: { type: 'STRING' } },
    });
  });

  it('ends the contents with a user turn when the last one is the model’s', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'Done.' }] }),
    });

    await collect(
      gemini(target).generateContentAsync(
        createLlmRequest({ contents: [{ role: 'model', parts: [{ text: 'Working on it.' }] }] }),
      ),
    );

    expect(target.requests[0]?.body['contents']).toEqual([
      { role: 'model', parts: [{ text: 'Working on it.' }] },
      {
        role: 'user',
        parts: [
          {
            text: 'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.',
          },
        ],
      },
    ]);
  });
});
