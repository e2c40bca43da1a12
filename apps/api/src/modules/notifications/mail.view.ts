import { createHmac, timingSafeEqual } from 'node:crypto';
import { endpointUrl, notificationEndpoints, type NotificationCategory } from '@grail/contract';
import type { MailMessage } from '../mail/mail.service.js';
import { escapeHtml } from '../../lib/bare-page.js';

/** What an event's e-mail says when it keeps its own words (the submission mails). */
export interface EventMail {
  subject: string;
  text: string;
}

/** Text as HTML paragraphs, its links made clickable; nothing in it is taken as markup. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p>${p}</p>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"></head><body>${paragraphs}</body></html>`;
}

/**
 * Signs and checks unsubscribe links: HMAC-SHA256 under a key derived from APP_SECRET for this
 * purpose only, over the collector and the category. The link needs no sign-in; a changed user,
 * category or signature is refused.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    appSecret: string,
    private readonly publicUrl: string | undefined,
  ) {
    this.key = createHmac('sha256', appSecret).update('notifications: unsubscribe link').digest();
  }

  signature(userId: string, category: NotificationCategory): string {
    return createHmac('sha256', this.key).update(`${userId}:${category}`).digest('base64url');
  }

  verify(userId: string, category: NotificationCategory, signature: string): boolean {
    const expected = Buffer.from(this.signature(userId, category));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  url(userId: string, category: NotificationCategory): string {
    const path = endpointUrl(notificationEndpoints.unsubscribe, undefined, {
      user: userId,
      category,
      signature: this.signature(userId, category),
    });
    return `${this.publicUrl ?? ''}${path}`;
  }
}

/** The e-mail of one notification: plain text and HTML, with RFC 8058 headers on marketing. */
export function notificationMail(
  n: { title: string; body: string; link: string; category: NotificationCategory },
  to: string,
  opts: { publicUrl: string | undefined; unsubscribeUrl?: string; own?: EventMail },
): MailMessage {
  const open = `${opts.publicUrl ?? ''}${n.link}`;
  let text = opts.own?.text ?? `${n.body}\n\nOpen it: ${open}`;
  if (opts.unsubscribeUrl) text += `\n\nUnsubscribe from these e-mails: ${opts.unsubscribeUrl}`;
  return {
    to,
    subject: opts.own?.subject ?? n.title,
    text,
    html: textToHtml(text),
    ...(opts.unsubscribeUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
