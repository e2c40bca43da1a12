// `npm start` serves the demo: the sandbox payment provider by name and links to this machine.
// A deployment runs `node apps/api/dist/main.js` with its own PUBLIC_URL and PAYMENT_PROVIDER.
process.env.PAYMENT_PROVIDER ||= 'sandbox';
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`;
await import('../apps/api/dist/main.js');
