import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the PSA Public API on 127.0.0.1, for tests only. It answers
 * GET /cert/GetByCertNumber/{cert} the way PSA does: 200 with the PSACert for a known cert, and
 * 200 with IsValidRequest and ServerMessage (no PSACert) for an unknown one; or with the failures
 * the sell form must survive (429 for the daily quota, 500, a slow answer, malformed JSON). It
 * records every request it gets, bearer token included.
 */
export type FakePsaMode = 'ok' | 'rate-limited' | 'server-error' | 'slow' | 'malformed';

export interface FakePsaApi {
  baseUrl: string;
  mode: FakePsaMode;
  /** Delay before answering in `slow` mode. */
  slowMs: number;
  /** Seconds sent in Retry-After in `rate-limited` mode (none when undefined). */
  retryAfter?: number;
  requests: { path: string; authorization?: string }[];
  close(): Promise<void>;
}

/** A cert PSA knows, in the shape PSA answers. */
export const KNOWN_CERT = '81234567';
export const RECORDED_CERT = {
  PSACert: {
    CertNumber: KNOWN_CERT,
    SpecID: 1234567,
    SpecNumber: 'LGHVGUE',
    LabelType: 'LighthouseLabel',
    ReverseBarCode: true,
    Year: '2018',
    Brand: 'PANINI PRIZM',
    Category: 'BASKETBALL CARDS',
    CardNumber: '280',
    Subject: 'LUKA DONCIC',
    Variety: 'SILVER',
    IsPSADNA: false,
    IsDualCert: false,
    GradeDescription: 'GEM MT 10',
    CardGrade: 'GEM MT 10',
    TotalPopulation: 1520,
    TotalPopulationWithQualifier: 0,
    PopulationHigher: 0,
  },
  DNACert: null,
};

export async function startFakePsaApi(): Promise<FakePsaApi> {
  const fake: FakePsaApi = {
    baseUrl: '',
    mode: 'ok',
    slowMs: 1_000,
    requests: [],
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ path: url.pathname, authorization: req.headers.authorization });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const answer = () => {
      if (!/^bearer .+/i.test(req.headers.authorization ?? '')) {
        return json(401, { Message: 'Authorization has been denied for this request.' });
      }
      switch (fake.mode) {
        case 'rate-limited':
          return json(
            429,
            { Message: 'API calls quota exceeded! maximum admitted 100 per Day.' },
            fake.retryAfter ? { 'retry-after': String(fake.retryAfter) } : {},
          );
        case 'server-error':
          return json(500, { Message: 'An error has occurred.' });
        case 'malformed':
          return json(200, '{"PSACert": {"CertNumber": "8123');
        default:
          break;
      }
      const match = /\/cert\/GetByCertNumber\/([^/]+)$/.exec(url.pathname);
      if (!match) return json(404, { Message: 'No HTTP resource was found.' });
      const cert = decodeURIComponent(match[1]!);
      if (!/^\d+$/.test(cert)) {
        return json(200, { IsValidRequest: false, ServerMessage: 'Invalid certificate number' });
      }
      if (cert === KNOWN_CERT) return json(200, RECORDED_CERT);
      return json(200, { IsValidRequest: true, ServerMessage: 'No data found' });
    };
    if (fake.mode === 'slow') setTimeout(answer, fake.slowMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/publicapi`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
