import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

/** Every link in a text, without the sentence punctuation that may follow it. */
export const linksIn = (text: string) => [
  ...new Set((text.match(LINK) ?? []).map((l) => l.replace(/[.,;:!?]+$/, ''))),
];

/**
 * Sends e-mail through SMTP_URL; with none configured, keeps each message in the outbox table
 * (listed at GET /api/dev/mail outside production) and logs its links. Links are logged in full
 * only in development, where the log is how a developer clicks them; elsewhere their tokens are
 * redacted so no secret reaches a log.
 */
export class MailService {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      appEnv: string;
      log?: FastifyBaseLogger;
    },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  async send(message: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.opts.from, ...message });
      this.opts.log?.info({ mail: { subject: message.subject } }, 'mail sent');
      return;
    }
    await this.db.insert(mailOutbox).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    });
    const links = linksIn(message.text);
    this.opts.log?.info(
      {
        mail: {
          subject: message.subject,
          links: this.opts.appEnv === 'development' ? links : links.map(redactLink),
        },
      },
      'mail kept in the outbox (no SMTP_URL)',
    );
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
