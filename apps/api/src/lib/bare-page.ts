/** Text made safe to stand in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A bare page the API answers itself (sign-out, unsubscribe): no script, no style (the API's
 * policy loads nothing), readable in either theme. `body` is HTML the caller has escaped.
 */
export const barePage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title} | Grail Machine</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
