import { z } from 'zod';
import { isPlainObject } from '../utils/is-plain-object.js';
import {
  CreateSessionRequest,
  RunAgentRequest,
  SaveArtifactRequest,
  SessionStateBody,
  UpdateMemoryRequest,
  UpdateSessionRequest,
} from './request-schemas.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Record<string, unknown>;

/** A reference to `#/components/schemas/<name>`. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

const OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

// What the request schemas' custom (unrepresentable) fields hold, by property
// name; used only where zod's JSON Schema leaves a property empty.
const PROPERTY_HINTS: Readonly<Record<string, JsonSchema>> = {
  newMessage: schemaRef('Content'),
  artifact: schemaRef('Part'),
  state: { ...OBJECT, description: 'The initial state; keys as written.' },
  stateDelta: { ...OBJECT, description: 'State changes; keys as written.' },
  customMetadata: { ...OBJECT, description: 'Copied onto the events; keys as written.' },
};
const ITEM_HINTS: Readonly<Record<string, JsonSchema>> = { events: schemaRef('Event') };

/**
 * The request body schema of a zod schema, as a client sends it (zod's
 * input side, so defaulted fields are optional), in JSON Schema 2020-12.
 * Fields zod cannot describe (genai `Content` and `Part`, events, user
 * dictionaries) get the component or object schema their name stands for.
 */
export function requestBodySchema(schema: z.ZodType, description: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  delete json['$schema'];
  const properties = json['properties'];
  if (isPlainObject(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      if (!isPlainObject(property)) continue;
      const hint = Object.hasOwn(PROPERTY_HINTS, name) ? PROPERTY_HINTS[name] : undefined;
      if (hint && Object.keys(property).length === 0) properties[name] = hint;
      const itemHint = Object.hasOwn(ITEM_HINTS, name) ? ITEM_HINTS[name] : undefined;
      if (
        itemHint &&
        isPlainObject(property['items']) &&
        Object.keys(property['items']).length === 0
      ) {
        property['items'] = itemHint;
      }
    }
  }
  if (Object.keys(json).length === 0) Object.assign(json, OBJECT);
  return {
    ...json,
    description: `${description} Keys may be camelCase or snake_case (camelCase wins).`,
  };
}

const PART: JsonSchema = {
  type: 'object',
  description: 'A genai Part: one of text, inlineData, fileData, functionCall, functionResponse, …',
  properties: {
    text: { type: 'string' },
    thought: { type: 'boolean' },
    inlineData: {
      type: 'object',
      properties: {
        mimeType: { type: 'string' },
        data: { type: 'string', contentEncoding: 'base64' },
      },
    },
    fileData: {
      type: 'object',
      properties: { mimeType: { type: 'string' }, fileUri: { type: 'string' } },
    },
    functionCall: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, args: OBJECT },
    },
    functionResponse: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, response: OBJECT },
    },
  },
  additionalProperties: true,
};

const EVENT_ACTIONS: JsonSchema = {
  type: 'object',
  properties: {
    stateDelta: OBJECT,
    artifactDelta: { type: 'object', additionalProperties: { type: 'integer' } },
    transferToAgent: { type: 'string' },
    escalate: { type: 'boolean' },
    skipSummarization: { type: 'boolean' },
    requestedAuthConfigs: OBJECT,
    requestedToolConfirmations: OBJECT,
  },
  additionalProperties: true,
};

const EVENT: JsonSchema = {
  type: 'object',
  description: 'An ADK event in camelCase (docs/events.md).',
  properties: {
    id: { type: 'string' },
    invocationId: { type: 'string' },
    author: { type: 'string' },
    timestamp: { type: 'number', description: 'Seconds since the epoch.' },
    content: schemaRef('Content'),
    actions: schemaRef('EventActions'),
    partial: { type: 'boolean' },
    turnComplete: { type: 'boolean' },
    branch: { type: 'string' },
    longRunningToolIds: { type: 'array', items: { type: 'string' } },
    errorCode: { type: 'string' },
    errorMessage: { type: 'string' },
    customMetadata: OBJECT,
    nodeInfo: { type: 'object', properties: { path: { type: 'string' } } },
  },
  additionalProperties: true,
};

const VALIDATION_ISSUE: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    loc: { type: 'array', items: { type: ['string', 'integer'] } },
    msg: { type: 'string' },
  },
  required: ['type', 'loc', 'msg'],
};

/**
 * The named schemas of the document (`components.schemas`): the request
 * bodies generated from the zod schemas of `request-schemas.ts`, and the
 * wire shapes the routes answer with (Session, Event, Content, Part,
 * ArtifactVersion, the error bodies).
 */
export function componentSchemas(): Record<string, JsonSchema> {
  return {
    RunAgentRequest: requestBodySchema(RunAgentRequest, 'The body of /run and /run_sse.'),
    CreateSessionRequest: requestBodySchema(
      CreateSessionRequest,
      'An optional id, initial state and events to import.',
    ),
    UpdateSessionRequest: requestBodySchema(UpdateSessionRequest, 'The state delta to append.'),
    SessionState: requestBodySchema(SessionStateBody, 'The initial state itself.'),
    SaveArtifactRequest: requestBodySchema(
      SaveArtifactRequest,
      'The file name, the Part to save and optional metadata.',
    ),
    UpdateMemoryRequest: requestBodySchema(UpdateMemoryRequest, 'The session to add to memory.'),
    Content: {
      type: 'object',
      description: 'A genai Content.',
      properties: { role: { type: 'string' }, parts: { type: 'array', items: schemaRef('Part') } },
      additionalProperties: true,
    },
    Part: PART,
    EventActions: EVENT_ACTIONS,
    Event: EVENT,
    Session: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        appName: { type: 'string' },
        userId: { type: 'string' },
        state: OBJECT,
        events: { type: 'array', items: schemaRef('Event') },
        lastUpdateTime: { type: 'number', description: 'Seconds since the epoch.' },
      },
      required: ['id', 'appName', 'userId', 'state', 'events', 'lastUpdateTime'],
    },
    ArtifactVersion: {
      type: 'object',
      properties: {
        version: { type: 'integer' },
        canonicalUri: { type: 'string' },
        customMetadata: OBJECT,
        createTime: { type: 'number' },
        mimeType: { type: 'string' },
      },
      required: ['version', 'canonicalUri', 'customMetadata', 'createTime'],
    },
    HTTPError: {
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    },
    HTTPValidationError: {
      type: 'object',
      properties: { detail: { type: 'array', items: VALIDATION_ISSUE } },
      required: ['detail'],
    },
  };
}
