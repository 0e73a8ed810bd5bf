import { z } from 'zod';
import { AgentCachePerformance } from '../context/cache-performance-report.js';
import { getOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { ContentObject, PartObject } from './genai-schemas.js';
import {
  AddSessionToEvalSetRequest,
  CreateEvalSetRequest,
  RunEvalRequest,
} from './dev-eval-request-schemas.js';
import {
  CreateSessionRequest,
  RewindSessionRequest,
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
  state: { ...OBJECT, description: 'The initial state; keys as written.' },
  stateDelta: { ...OBJECT, description: 'State changes; keys as written.' },
  customMetadata: { ...OBJECT, description: 'Copied onto the events; keys as written.' },
};
const ITEM_HINTS: Readonly<Record<string, JsonSchema>> = { events: schemaRef('Event') };

/**
 * Generates JSON Schemas (2020-12) from zod schemas, as a client sends them
 * (zod's input side, so defaulted fields are optional). The genai `Content`
 * and `Part` schemas the request schemas are built from become references to
 * the components of the same names, collected in `definitions`.
 */
class SchemaGenerator {
  /** The named schemas the generated ones refer to (`Content`, `Part`). */
  readonly definitions: Record<string, JsonSchema> = {};
  private readonly registry = z.registry<{ id: string }>();

  constructor() {
    this.registry.add(ContentObject, { id: 'Content' });
    this.registry.add(PartObject, { id: 'Part' });
  }

  /** The JSON Schema of `schema`, its genai parts as `#/components/schemas/…` references. */
  generate(schema: z.ZodType): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      target: 'draft-2020-12',
      metadata: this.registry,
    }) as JsonSchema;
    delete json['$schema'];
    const definitions = json['$defs'];
    delete json['$defs'];
    if (isPlainObject(definitions)) {
      for (const [name, definition] of Object.entries(definitions)) {
        setOwn(this.definitions, name, componentReferences(definition) as JsonSchema);
      }
    }
    return componentReferences(json) as JsonSchema;
  }

  /**
   * The request body schema of a zod schema. Fields zod cannot describe
   * (events, user dictionaries) get the component or object schema their
   * name stands for.
   */
  requestBody(schema: z.ZodType, description: string): JsonSchema {
    const json = this.generate(schema);
    const properties = json['properties'];
    if (isPlainObject(properties)) {
      for (const [name, property] of Object.entries(properties)) {
        if (!isPlainObject(property)) continue;
        const hint = getOwn(PROPERTY_HINTS, name);
        if (hint && Object.keys(property).length === 0) setOwn(properties, name, hint);
        const itemHint = getOwn(ITEM_HINTS, name);
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
}

// zod refers to named schemas inside one document (`#/$defs/<name>`); the
// OpenAPI document keeps them under its components.
function componentReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentReferences);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const rewritten =
      key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')
        ? `#/components/schemas/${item.slice('#/$defs/'.length)}`
        : componentReferences(item);
    setOwn(out, key, rewritten);
  }
  return out;
}

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
  const generator = new SchemaGenerator();
  const bodies: Record<string, JsonSchema> = {
    RunAgentRequest: generator.requestBody(RunAgentRequest, 'The body of /run and /run_sse.'),
    CreateSessionRequest: generator.requestBody(
      CreateSessionRequest,
      'An optional id, initial state and events to import.',
    ),
    UpdateSessionRequest: generator.requestBody(UpdateSessionRequest, 'The state delta to append.'),
    RewindSessionRequest: generator.requestBody(
      RewindSessionRequest,
      'The invocation to rewind before.',
    ),
    SessionState: generator.requestBody(SessionStateBody, 'The initial state itself.'),
    SaveArtifactRequest: generator.requestBody(
      SaveArtifactRequest,
      'The file name, the Part to save and optional metadata.',
    ),
    UpdateMemoryRequest: generator.requestBody(
      UpdateMemoryRequest,
      'The session to add to memory.',
    ),
    CreateEvalSetRequest: generator.requestBody(
      CreateEvalSetRequest,
      'The eval set to create: `{eval_set: {eval_set_id, eval_cases: []}}`.',
    ),
    AddSessionToEvalSetRequest: generator.requestBody(
      AddSessionToEvalSetRequest,
      'The session to add and the id of the new eval case.',
    ),
    RunEvalRequest: generator.requestBody(
      RunEvalRequest,
      'The cases to run (all when none) and the metrics `{metricName, threshold | criterion}`.',
    ),
  };
  // Generated even when no body refers to it, so the response shapes can.
  generator.generate(ContentObject);
  const responses: Record<string, JsonSchema> = {
    AgentCachePerformance: generator.generate(AgentCachePerformance),
  };
  return {
    ...bodies,
    ...responses,
    ...generator.definitions,
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
