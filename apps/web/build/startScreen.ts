import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { StartScreen } from '../src/app/gates/StartScreen';

/**
 * Writes the start-up screen into index.html's root element, rendered from the component the app
 * starts on (app/gates/MaintenanceGate.tsx), so the page paints it from its first bytes, with the
 * inlined styles, rather than staying blank until the code has downloaded and run; React's first
 * render replaces it with the same markup.
 */
export function startScreen(): Plugin {
  const markup = renderToStaticMarkup(createElement(StartScreen));
  return {
    name: 'grail:start-screen',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty root');
      return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    },
  };
}
