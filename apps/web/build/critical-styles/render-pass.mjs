/**
 * One render pass of the built app's home page in jsdom, for one theme and one viewport width:
 *
 *   node render-pass.mjs <outDir> <emotion key> <light|dark> <width> <recent pulls>
 *
 * Runs the production bundle itself (so every class name is the one the browser will compute),
 * answers its API calls from first-screen-api.mjs, waits until the last home section and the
 * calls have settled, and prints the style rules emotion inserted, as a JSON array, on stdout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';
import { firstScreenAnswer } from './first-screen-api.mjs';

const [outDir, emotionKey, theme, widthArg, recentPullsArg] = process.argv.slice(2);
const width = Number(widthArg);
const recentPulls = Number(recentPullsArg);
// Quiet time before the rules are read: lazy parts of the shell (the Test mode badge) appear after
// React's Suspense reveal throttle, some hundreds of milliseconds after the last answer.
const SETTLE_MS = 1000;
const ANSWER_DELAY_MS = 60;
const TIMEOUT_MS = 30_000;
const LAST_SECTION_TEXT = 'Contact Us';

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*\ssrc="\/([^"]+)"/)?.[1];
if (!entry) throw new Error(`no module script in ${join(outDir, 'index.html')}`);

// jsdom reports what it does not implement (media playback, layout); none of it matters here.
const virtualConsole = new VirtualConsole();
virtualConsole.on('jsdomError', (error) => {
  if (!/not implemented/i.test(error.message)) process.stderr.write(`jsdom: ${error.message}\n`);
});
const { window } = new JSDOM(html, {
  url: 'http://localhost/',
  pretendToBeVisual: true,
  virtualConsole,
});

// The rules the app's emotion cache inserts in its main sheet; global styles stay a run-time insert.
const rules = [];
window.CSSStyleSheet.prototype.insertRule = function insertRule(rule) {
  if (this.ownerNode?.getAttribute('data-emotion') === emotionKey) rules.push(rule);
  return 0;
};

/** Media queries as a phone or desktop in the chosen theme would answer them. */
function matches(query) {
  return query.split(',').some((part) =>
    part.split(/\band\b/).every((condition) => {
      const min = condition.match(/min-width:\s*([\d.]+)px/);
      if (min) return width >= Number(min[1]);
      const max = condition.match(/max-width:\s*([\d.]+)px/);
      if (max) return width <= Number(max[1]);
      const scheme = condition.match(/prefers-color-scheme:\s*(\w+)/);
      if (scheme) return scheme[1] === theme;
      return !/prefers-reduced-motion:\s*reduce/.test(condition);
    }),
  );
}
window.matchMedia = (media) => ({
  media,
  matches: matches(media),
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
});
Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
window.HTMLMediaElement.prototype.play = () => Promise.resolve();
window.HTMLMediaElement.prototype.pause = () => undefined;
window.HTMLMediaElement.prototype.load = () => undefined;
window.scrollTo = () => undefined;
// Vite's modulepreload check asks relList.supports(), which jsdom's link element lacks.
window.DOMTokenList.prototype.supports = () => true;
window.localStorage.setItem('theme', theme);
window.document.documentElement.classList.add(theme);

let pending = 0;
let lastCall = Date.now();
const unexpected = new Set();
async function fetchFromFixtures(input, init = {}) {
  const url = new URL(typeof input === 'string' ? input : input.url, window.location.href);
  const method = (init.method ?? 'GET').toUpperCase();
  pending += 1;
  lastCall = Date.now();
  // Answers take a moment, as over a network, and calls made together finish one after another,
  // so each section's loading state renders (and its styles are kept) too.
  const delay = ANSWER_DELAY_MS * pending;
  try {
    await new Promise((resolve) => setTimeout(resolve, delay));
    const answer = firstScreenAnswer(method, `${url.pathname}${url.search}`, { recentPulls });
    if (!answer) unexpected.add(`${method} ${url.pathname}${url.search}`);
    const [status, body] = answer ?? [404, { message: 'Not found', error: 'Not Found' }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  } finally {
    pending -= 1;
    lastCall = Date.now();
  }
}
window.fetch = fetchFromFixtures;

// The bundle runs as it would in a page: the window's names become globals (Node's own fetch,
// timers, URL and AbortController stay, apart from fetch, which answers from the fixtures).
for (const name of Object.getOwnPropertyNames(window)) {
  if (name in globalThis) continue;
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get: () => window[name],
    set: (value) => {
      window[name] = value;
    },
  });
}
for (const name of [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'Event',
  'CustomEvent',
]) {
  Object.defineProperty(globalThis, name, { configurable: true, value: window[name] });
}
globalThis.fetch = fetchFromFixtures;

await import(pathToFileURL(join(outDir, entry)).href);

// jsdom loads no images; each one reports a load, so the styles of loaded images are kept too.
const reportedImages = new WeakSet();
function reportImagesLoaded() {
  for (const image of window.document.querySelectorAll('img')) {
    if (reportedImages.has(image)) continue;
    reportedImages.add(image);
    image.dispatchEvent(new window.Event('load'));
  }
}

const started = Date.now();
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  reportImagesLoaded();
  const rendered = window.document.body.textContent?.includes(LAST_SECTION_TEXT);
  if (rendered && pending === 0 && Date.now() - lastCall > SETTLE_MS) break;
  if (Date.now() - started > TIMEOUT_MS) {
    throw new Error(
      `the home page did not settle within ${TIMEOUT_MS} ms (${theme}, ${width} px): ` +
        `${rendered ? `${pending} calls pending` : `'${LAST_SECTION_TEXT}' never rendered`}`,
    );
  }
}
if (unexpected.size) {
  process.stderr.write(`critical styles: no fixture for ${[...unexpected].join(', ')}\n`);
}
process.stdout.write(JSON.stringify(rules));
process.exit(0);
