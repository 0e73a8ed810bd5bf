import { describe, expect, it } from 'vitest';
import { candidateResponse } from '../../../test/providers/gemini-server.js';
import {
  useGeminiTestEnvironment,
  start,
  gemini,
  ask,
  collect,
  usage,
  labels,
} from './gemini-test-fixtures.js';

useGeminiTestEnvironment();

describe('Gemini: unary calls (generateContent)', () => {
  it('POSTs /v1beta/models/{model}:generateContent with the key and tracking headers; yields one complete response', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({
        parts: [{ text: 'Paris is sunny.' }],
        usageMetadata: usage,
        modelVersion: 'gemini-2.5-flash-001',
      }),
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('Weather in Paris?')));

    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'Paris is sunny.' }] },
        finishReason: 'STOP',
        usageMetadata: usage,
        modelVersion: 'gemini-2.5-flash-001',
      },
    ]);
    const [request] = target.requests;
    expect(request?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request?.query).toEqual({});
    expect(request?.headers['x-goog-api-key']).toBe(target.apiKey);
    expect(request?.headers['x-goog-api-client']).toBe(labels);
    expect(request?.headers['user-agent']).toBe(labels);
    expect(request?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }],
      generationConfig: {},
    });
  });

  it('sends the request’s model over its own, and the generation config on the wire', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'ok' }] }),
    });

    await collect(
      gemini(target).generateContentAsync(
        ask('Hi', {
          model: 'gemini-2.5-pro',
          config: {
            systemInstruction: 'Be brief.',
            temperature: 0.2,
            maxOutputTokens: 256,
            topP: 0.9,
            stopSequences: ['END'],
            thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
            responseMimeType: 'application/json',
            responseJsonSchema: { type: 'object', properties: { answer: { type: 'string' } } },
          },
        }),
      ),
    );

    expect(target.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(target.requests[0]?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
      generationConfig: {
        temperature: 0.2,
        maxOutputTokens: 256,
        topP: 0.9,
        stopSequences: ['END'],
        thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object', properties: { answer: { type: 'string' } } },
      },
    });
  });

  it('keeps thought parts and thought signatures of a function call (Gemini 3 needs them back)', async () => {
    const parts = [
      { text: 'The user wants the weather.', thought: true },
      {
        functionCall: { name: 'get_weather', args: { city: 'Paris' } },
        thoughtSignature: 'CvABAbc123==',
      },
    ];
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts, usageMetadata: usage }),
    });

    const [response] = await collect(gemini(target).generateContentAsync(ask('Weather?')));

    expect(response?.content).toEqual({ role: 'model', parts });
  });

  it('turns a blocked prompt into errorCode and errorMessage (spec 000 §5.3)', async () => {
    const target = await start({
      kind: 'response',
      body: {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: 'Blocked.' },
        usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
        modelVersion: 'gemini-2.5-flash',
      },
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('…')));

    expect(responses).toEqual([
      {
        errorCode: 'PROHIBITED_CONTENT',
        errorMessage: 'Blocked.',
        usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
        modelVersion: 'gemini-2.5-flash',
      },
    ]);
  });

  it('turns a candidate without content into its finish reason as errorCode (spec 000 §5.3)', async () => {
    const target = await start({
      kind: 'response',
      body: {
        candidates: [{ finishReason: 'MAX_TOKENS', index: 0 }],
        usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
        modelVersion: 'gemini-2.5-flash',
      },
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('…')));

    expect(responses).toEqual([
      {
        errorCode: 'MAX_TOKENS',
        finishReason: 'MAX_TOKENS',
        usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
        modelVersion: 'gemini-2.5-flash',
      },
    ]);
  });

  it('passes grounding, citation metadata and average log probabilities through', async () => {
    const body = candidateResponse({ parts: [{ text: 'Cited.' }] });
    const candidate = (body['candidates'] as Record<string, unknown>[])[0] as Record<
      string,
      unknown
    >;
    candidate['groundingMetadata'] = { webSearchQueries: ['weather paris'] };
    // The Gemini API's name; the SDK gives it genai's name, `citations`.
    candidate['citationMetadata'] = {
      citationSources: [{ startIndex: 0, endIndex: 6, uri: 'https://example.com' }],
    };
    candidate['avgLogprobs'] = -0.25;
    const target = await start({ kind: 'response', body });

    const [response] = await collect(gemini(target).generateContentAsync(ask('…')));

    expect(response?.groundingMetadata).toEqual({ webSearchQueries: ['weather paris'] });
    expect(response?.citationMetadata).toEqual({
      citations: [{ startIndex: 0, endIndex: 6, uri: 'https://example.com' }],
    });
    expect(response?.avgLogprobs).toBe(-0.25);
  });
});
