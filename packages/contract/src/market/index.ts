export * from './listings.js';
export * from './offers.js';
export * from './trades.js';
export * from './comps.js';
export * from './staff.js';
export * from './endpoints.js';
