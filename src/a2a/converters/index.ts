export * from './metadata-keys.js';
export * from './a2a-enums.js';
export * from './part-converter.js';
export * from './event-metadata.js';
export * from './event-converter.js';
export * from './request-converter.js';
