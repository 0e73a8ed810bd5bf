/*
 * The converters' part of the `@adk-ts/adk/a2a` entry: src/a2a/index.ts
 * re-exports it, so every name these files export is public there. Code
 * inside the package imports the defining files.
 */
export * from './metadata-keys.js';
export * from './a2a-enums.js';
export * from './part-converter.js';
export * from './event-metadata.js';
export * from './event-converter.js';
export * from './request-converter.js';
