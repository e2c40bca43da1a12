/* The Grail Machine's schemas, by what a person looks for. */
export * from './grail/cases.js';
export * from './grail/pulls.js';
export * from './grail/admin.js';
export * from './grail/endpoints.js';
