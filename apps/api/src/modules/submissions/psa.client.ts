import { z } from 'zod';
import type { PsaCert } from '@grail/contract';
import { getJson, UpstreamError } from '../../lib/upstream.js';

/**
 * The PSA Public API's cert answer (only the fields the sell form uses). PSA answers 200 even for
 * a cert it does not know: then there is no PSACert, and IsValidRequest/ServerMessage say why.
 */
const PsaCertBody = z.object({
  CertNumber: z.union([z.string(), z.number()]).optional(),
  Year: z.string().nullish(),
  Brand: z.string().nullish(),
  Category: z.string().nullish(),
  CardNumber: z.string().nullish(),
  Subject: z.string().nullish(),
  Variety: z.string().nullish(),
  CardGrade: z.string().nullish(),
  GradeDescription: z.string().nullish(),
});
const CertAnswer = z.object({
  PSACert: PsaCertBody.nullish(),
  IsValidRequest: z.boolean().optional(),
  ServerMessage: z.string().optional(),
});

export type PsaAnswer = { kind: 'found'; cert: PsaCert } | { kind: 'not_found'; message: string };

/** PSA did not give an answer: unreachable, too slow, refused (429: the daily quota) or nonsense. */
export class PsaApiError extends UpstreamError {}

export interface PsaClientOptions {
  baseUrl: string;
  token: string;
  /** Per request: a slow PSA must not hold the sell form. */
  timeoutMs: number;
}

const text = (value: string | null | undefined) => {
  const t = value?.trim();
  return t ? t : null;
};

/** GET {base}/cert/GetByCertNumber/{cert} with the bearer token. */
export class PsaClient {
  constructor(private readonly options: PsaClientOptions) {}

  async certByNumber(certNumber: string): Promise<PsaAnswer> {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const url = `${base}/cert/GetByCertNumber/${encodeURIComponent(certNumber)}`;
    const { status, body } = await getJson(url, {
      service: 'PSA',
      error: PsaApiError,
      headers: { authorization: `bearer ${this.options.token}`, accept: 'application/json' },
      timeoutMs: this.options.timeoutMs,
      rateLimitNote: '(daily quota)',
      retryAt: (res) => {
        // PSA sends Retry-After in seconds.
        const seconds = Number(res.headers.get('retry-after'));
        return Number.isFinite(seconds) && seconds > 0
          ? new Date(Date.now() + seconds * 1000)
          : undefined;
      },
    });
    const parsed = CertAnswer.safeParse(body);
    if (!parsed.success) throw new PsaApiError('PSA answer has an unexpected shape', status);
    const cert = parsed.data.PSACert;
    if (!cert) {
      return {
        kind: 'not_found',
        message: parsed.data.ServerMessage?.trim() || 'No data found',
      };
    }
    return {
      kind: 'found',
      cert: {
        certNumber: String(cert.CertNumber ?? certNumber),
        year: text(cert.Year),
        brand: text(cert.Brand),
        category: text(cert.Category),
        cardNumber: text(cert.CardNumber),
        subject: text(cert.Subject),
        variety: text(cert.Variety),
        grade: text(cert.CardGrade) ?? text(cert.GradeDescription),
      },
    };
  }
}
