import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on 127.0.0.1, for outbox tests: it records every POST body and answers what
 * `answer` says for it (a status; 'hang' never answers, as a receiver that died mid-request).
 */
export interface FakeWebhook {
  url: string;
  received: unknown[];
  answer: (body: unknown, count: number) => number | 'hang';
  close(): Promise<void>;
}

export async function startFakeWebhook(): Promise<FakeWebhook> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeWebhook = {
    url: '',
    received: [],
    answer: () => 204,
    close: async () => undefined,
  };
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body: unknown = text ? JSON.parse(text) : null;
      fake.received.push(body);
      const status = fake.answer(body, fake.received.length);
      if (status === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
