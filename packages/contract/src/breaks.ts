// Group breaks: one file per part of the contract, re-exported here so importers need not know.
export * from './breaks/basics.js';
export * from './breaks/views.js';
export * from './breaks/buying.js';
export * from './breaks/staff.js';
export * from './breaks/endpoints.js';
