import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { desc } from 'drizzle-orm';
import { SealedBox } from '../../lib/sealed-box.js';
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { OutboxService } from '../outbox/outbox.service.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on marketing mail), passed to nodemailer as they are. */
  headers?: Record<string, string>;
}

export interface OutboxMail extends MailMessage {
  _id: string;
  links: string[];
  createdAt: string;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;
/** Tokens in links (query `token=` or a `/reset-password/{token}` path) hidden from log lines. */
const redactLink = (link: string) =>
  link
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]');

/** A text with the token of every link in it redacted. */
export const redactTokens = (text: string) => text.replace(LINK, redactLink);

/** Every link in a text, without the sentence punctuation that may follow it. */
export const linksIn = (text: string) => [
  ...new Set((text.match(LINK) ?? []).map((l) => l.replace(/[.,;:!?]+$/, ''))),
];

/**
 * E-mail, written to the outbox (modules/outbox) in the transaction of the change it tells about
 * and delivered by the outbox worker through SMTP_URL. A copy of each message is kept in the
 * mail_outbox table. With no SMTP_URL in development and tests the copy is the only delivery: it
 * keeps its links whole (GET /api/dev/mail, there only, is how a developer or a browser test opens
 * them). Once a real server sends the mail, or in staging and production, the copy keeps no usable
 * token: a reset or verification link stored in the database would let whoever reads it take the
 * account. For the same reason a sent message's outbox row keeps only the redacted text.
 * Links are logged in full only in development without SMTP; elsewhere their tokens are redacted.
 */
export class MailService {
  private readonly transport: Transporter | null;
  /** Whether the outbox copy and the log may hold links with their tokens. */
  private readonly keepsTokens: boolean;
  private readonly queue: OutboxService;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      appEnv: string;
      log?: FastifyBaseLogger;
      outbox?: OutboxService;
      /** Seals a queued message's text: until it is sent its reset or sign-in link is live. */
      box: SealedBox;
    },
  ) {
    // Timeouts well inside an outbox claim's lease, so a hung server never outlives the claim.
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport({
          url: opts.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
    this.keepsTokens = !this.transport && (opts.appEnv === 'development' || opts.appEnv === 'test');
    this.queue = opts.outbox ?? new OutboxService(db, { log: opts.log });
    this.queue.handle('email', {
      deliver: (payload) => this.deliver(this.unseal(payload)),
      afterSent: (payload) => {
        const { to, subject, text, html } = this.unseal(payload);
        return {
          to,
          subject,
          text: redactTokens(text),
          ...(html ? { html: redactTokens(html) } : {}),
        };
      },
    });
  }

  /**
   * Queues a message in `tx`, the transaction of the change it tells about: it leaves once that
   * commits, and never if it rolls back. Without a transaction it is written and sent at once (and
   * left to the worker to retry if sending fails).
   */
  async send(message: MailMessage, tx?: Db | Tx): Promise<void> {
    const write = async (t: Db | Tx) => {
      await t.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: this.keepsTokens ? message.text : redactTokens(message.text),
        html: message.html ? (this.keepsTokens ? message.html : redactTokens(message.html)) : null,
      });
      const { to, subject, text, html, headers } = message;
      const payload = {
        to,
        subject,
        sealed: this.opts.box.seal(Buffer.from(JSON.stringify({ text, html, headers }))),
      };
      if (tx) {
        await this.queue.enqueue({ kind: 'email', payload }, t);
        return null;
      }
      return this.queue.enqueueClaimed({ kind: 'email', payload }, t);
    };
    const claimed = tx ? await write(tx) : await this.db.transaction(write);
    if (claimed) await this.queue.deliver(claimed);
    if (this.transport) return;
    const links = linksIn(message.text);
    this.opts.log?.info(
      {
        mail: {
          subject: message.subject,
          links:
            this.opts.appEnv === 'development' && this.keepsTokens ? links : links.map(redactLink),
        },
      },
      'mail kept in the outbox (no SMTP_URL)',
    );
  }

  /** A queued message as written: its text and html are sealed in the outbox row. */
  private unseal(payload: Record<string, unknown>): MailMessage {
    const { text, html, headers } = JSON.parse(
      this.opts.box.open(String(payload.sealed)).toString('utf8'),
    ) as {
      text: string;
      html?: string;
      headers?: Record<string, string>;
    };
    return {
      to: String(payload.to),
      subject: String(payload.subject),
      text,
      ...(html ? { html } : {}),
      ...(headers ? { headers } : {}),
    };
  }

  /** The outbox's delivery of one message: SMTP when configured; otherwise the copy was the delivery. */
  private async deliver(message: MailMessage): Promise<void> {
    if (!this.transport) return;
    await this.transport.sendMail({
      from: this.opts.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
    this.opts.log?.info({ mail: { subject: message.subject } }, 'mail sent');
  }

  /** Newest first: what the development mail page shows. */
  async outbox(limit = 50): Promise<OutboxMail[]> {
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      _id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      ...(r.html ? { html: r.html } : {}),
      links: linksIn(r.text),
      createdAt: r.createdAt.toISOString(),
    }));
  }
}

/** The box that seals queued mail, its key derived from APP_SECRET for this purpose only. */
export const mailBox = (appSecret: string) =>
  new SealedBox(appSecret, { salt: 'grail-mail-outbox', info: 'queued mail text' });
