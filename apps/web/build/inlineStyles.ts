import type { Plugin, Rollup } from 'vite';

/**
 * Writes the build's one stylesheet into index.html, so the first paint waits for no second
 * request. The styles are compiled at build time (CSS Modules) and small: the shell's, the
 * start-up screens' and the home page's (the toasts' stylesheet stays a file, loaded with the
 * first toast). With `build.cssCodeSplit: false` Vite emits them as one file, linked from
 * index.html; this swaps the link for a <style> element and drops the file. A `</style` inside
 * the CSS would end the element early, so it fails the build.
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
            return `<style data-inline-styles>${css}</style>`;
          },
        );
      },
    },
  };
}
