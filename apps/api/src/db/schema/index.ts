export * from './platform.js';
export * from './catalog.js';
export * from './users.js';
export * from './auth.js';
export * from './commerce.js';
export * from './feed.js';
export * from './grail.js';
