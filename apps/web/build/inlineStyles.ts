import type { Plugin, Rollup } from 'vite';

/**
 * Writes the entry's stylesheet into index.html, so the first paint waits for no second request.
 * The styles are compiled at build time (CSS Modules): the entry's are the shell's and the start-up
 * screens'; each page's own styles are a file that comes with its code. Vite links the entry's
 * stylesheet from index.html; this puts its rules in a <style> element and drops the file. The
 * link stays, disabled (a disabled stylesheet is neither fetched nor applied): a lazy chunk that
 * imports from the entry lists the entry's stylesheet among what Vite's loader must load first, and
 * the loader skips a stylesheet the page already links. A `</style` inside the CSS would end the
 * element early, so it fails the build.
 */
export function inlineStyles(): Plugin {
  return {
    name: 'grail:inline-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle: Rollup.OutputBundle | undefined = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName] as Rollup.OutputAsset | undefined;
            if (!asset || asset.type !== 'asset') return link;
            const css = String(asset.source);
            if (/<\/style/i.test(css)) throw new Error(`${fileName} cannot be inlined: </style`);
            delete bundle[fileName];
            return `<style data-inline-styles>${css}</style>\n    <link rel="stylesheet" disabled href="/${fileName}">`;
          },
        );
      },
    },
  };
}
