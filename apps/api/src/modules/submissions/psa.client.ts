import { z } from 'zod';
import type { PsaCert } from '@grail/contract';

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
export class PsaApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** When PSA said we may ask again (Retry-After on a 429). */
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}

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
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `bearer ${this.options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new PsaApiError(
        timedOut
          ? `PSA did not answer within ${this.options.timeoutMs} ms`
          : `PSA unreachable: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (res.status === 429) {
      await res.body?.cancel();
      const seconds = Number(res.headers.get('retry-after'));
      throw new PsaApiError(
        'PSA rate limit reached (daily quota)',
        429,
        Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : undefined,
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PsaApiError(`PSA answered ${res.status}`, res.status);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new PsaApiError('PSA answered malformed JSON', res.status);
    }
    const parsed = CertAnswer.safeParse(body);
    if (!parsed.success) throw new PsaApiError('PSA answer has an unexpected shape', res.status);
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
