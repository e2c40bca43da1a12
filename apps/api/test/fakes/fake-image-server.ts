import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An image host on 127.0.0.1 for inventory imports by URL: each path answers what `routes` says
 * (bytes with a status, or a redirect, after `delayMs`), and every request's path is recorded,
 * with the most requests it had in hand at once.
 */
export interface FakeImageServer {
  url: string;
  requested: string[];
  maxInFlight: number;
  routes: Map<string, { status?: number; body?: Buffer; location?: string; delayMs?: number }>;
  close(): Promise<void>;
}

export async function startFakeImageServer(): Promise<FakeImageServer> {
  const fake: FakeImageServer = {
    url: '',
    requested: [],
    maxInFlight: 0,
    routes: new Map(),
    close: async () => undefined,
  };
  let inFlight = 0;
  const server = createServer((req, res) => {
    fake.requested.push(req.url ?? '');
    fake.maxInFlight = Math.max(fake.maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const answer = fake.routes.get(req.url ?? '');
    if (!answer) return res.writeHead(404).end();
    setTimeout(() => {
      if (answer.location) return res.writeHead(302, { location: answer.location }).end();
      res.writeHead(answer.status ?? 200, { 'content-type': 'image/png' }).end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
