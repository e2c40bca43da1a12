// Loaded with the first live event rather than with the page, so zod stays off its first screen.
export { PullEvent } from '@grail/contract';
