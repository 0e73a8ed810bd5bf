import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import { petStoreJson, petStoreSpec, petStoreYaml } from '../../../test/openapi/pet-store.js';
import { RestApiTool } from './rest-api-tool.js';

/*
 * OpenAPIToolset from JSON, YAML and an object: the declarations as
 * Python's RestApiTool._get_declaration builds them (the operation's
 * argument schema through _to_gemini_schema), and the tool filter.
 */

// Declarations only: nothing is called, so no server runs.
const store = { baseUrl: 'http://127.0.0.1:8080/v1' };

const LIST_PETS = {
  description: 'Lists the pets, optionally by tag.',
  name: 'list_pets',
  parameters: {
    properties: {
      limit: { description: 'How many pets to return', format: 'int32', type: 'INTEGER' },
      tag: { description: 'Only pets with this tag', type: 'STRING' },
      x_request_id: { description: 'A request id for tracing', type: 'STRING' },
    },
    required: ['x_request_id'],
    title: 'listPets_Arguments',
    type: 'OBJECT',
  },
};

const CREATE_PET = {
  description: 'Create a pet',
  name: 'create_pet',
  parameters: {
    properties: {
      name: { description: 'The pet name', type: 'STRING' },
      tag: { type: 'STRING' },
      // The cycle Category.parent → Category ends in an empty schema, an object.
      category: {
        properties: { name: { type: 'STRING' }, parent: { type: 'OBJECT' } },
        type: 'OBJECT',
      },
    },
    required: ['name'],
    title: 'createPet_Arguments',
    type: 'OBJECT',
  },
};

const ADD_PET_NOTE = {
  description: 'Adds a note to a pet.',
  name: 'add_pet_note',
  parameters: {
    properties: {
      pet_id: { description: 'The id of the pet', type: 'STRING' },
      trace: { description: '', type: 'STRING' },
      text: { description: 'The note', type: 'STRING' },
    },
    required: ['pet_id', 'text'],
    title: 'addPetNote_Arguments',
    type: 'OBJECT',
  },
};

describe('OpenAPIToolset declarations (Python OpenAPIToolset + RestApiTool)', () => {
  it('gives one tool per operation with the same declarations from JSON, YAML and an object', async () => {
    const sources = [
      new OpenAPIToolset({ specStr: petStoreJson(store.baseUrl) }),
      new OpenAPIToolset({ specStr: petStoreYaml(store.baseUrl), specStrType: 'yaml' }),
      new OpenAPIToolset({ specDict: petStoreSpec(store.baseUrl) }),
    ];
    const declarations = await Promise.all(
      sources.map(async (toolset) =>
        (await toolset.getTools()).map((tool) => tool.getDeclaration()),
      ),
    );
    const [fromJson] = declarations;
    expect(fromJson?.map((declaration) => declaration.name)).toEqual([
      'list_pets',
      'create_pet',
      'show_pet_by_id',
      'pets_pet_id_delete',
      'add_pet_note',
    ]);
    expect(fromJson?.[0]).toEqual(LIST_PETS);
    expect(JSON.stringify(fromJson?.[0])).toBe(JSON.stringify(LIST_PETS));
    expect(fromJson?.[1]).toEqual(CREATE_PET);
    expect(fromJson?.[3]).toEqual({
      description: 'Delete a pet',
      name: 'pets_pet_id_delete',
      parameters: {
        properties: { pet_id: { description: 'The id of the pet', type: 'STRING' } },
        required: ['pet_id'],
        title: 'pets_pet_id_delete_Arguments',
        type: 'OBJECT',
      },
    });
    expect(fromJson?.[4]).toEqual(ADD_PET_NOTE);
    expect(declarations[1]).toEqual(fromJson);
    expect(declarations[2]).toEqual(fromJson);
  });

  it('filters by names or a predicate and applies a name prefix', async () => {
    const spec = petStoreSpec(store.baseUrl);
    const byName = new OpenAPIToolset({ specDict: spec, toolFilter: ['show_pet_by_id', 'nope'] });
    expect((await byName.getTools()).map((tool) => tool.name)).toEqual(['show_pet_by_id']);
    const byPredicate = new OpenAPIToolset({
      specDict: spec,
      toolFilter: (tool) => tool.name.includes('pet_id'),
    });
    expect((await byPredicate.getTools()).map((tool) => tool.name)).toEqual(['pets_pet_id_delete']);
    const prefixed = new OpenAPIToolset({ specDict: spec, toolNamePrefix: 'store' });
    const [first] = await prefixed.getToolsWithPrefix();
    expect(first?.getDeclaration()?.name).toBe('store_list_pets');
    expect(byName.getTool('create_pet')).toSatisfy(RestApiTool.isInstance);
    expect(byName.getTool('missing')).toBeUndefined();
  });

  it('drops the trailing underscore a 60-character cut leaves, as Python snake-cases twice', async () => {
    const toolset = new OpenAPIToolset({
      specDict: {
        openapi: '3.0.0',
        paths: { '/x': { get: { operationId: `${'a'.repeat(59)}Bcd` } } },
      },
    });
    expect((await toolset.getTools()).map((tool) => tool.name)).toEqual(['a'.repeat(59)]);
  });

  it('refuses text that is not a spec with InvalidArgumentError', () => {
    for (const options of [
      { specStr: '{not json' },
      { specStr: 'a: [b', specStrType: 'yaml' as const },
      { specStr: '[1, 2]' },
    ]) {
      let caught: unknown;
      try {
        new OpenAPIToolset(options);
      } catch (error) {
        caught = error;
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    }
  });
});
