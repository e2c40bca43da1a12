/** What the bench scripts share: reading their command-line options and finding a free port. */
import { createServer } from 'node:net';

const args = process.argv.slice(2);

/** Whether a bare flag (`--sources`) was given. */
export const flag = (name: string) => args.includes(name);

/** The value after `name` (`--api dist/main.js`), or undefined. */
export const textOption = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The number after `name` (`--seconds 5`), or the fallback. */
export const option = (name: string, fallback: number) => {
  const value = textOption(name);
  return value === undefined ? fallback : Number(value);
};

/** A port nothing listens on now, for a server the bench starts. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
