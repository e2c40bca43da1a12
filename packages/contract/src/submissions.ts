// Selling graded cards: one file per part of the contract, re-exported here so importers need not know.
export * from './submissions/graders.js';
export * from './submissions/statuses.js';
export * from './submissions/collector-inputs.js';
export * from './submissions/staff-inputs.js';
export * from './submissions/answers.js';
export * from './submissions/endpoints.js';
