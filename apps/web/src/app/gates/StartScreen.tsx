/**
 * The screen the app starts on, full-screen, with a spinner and a text. Its markup is also written
 * into index.html at build time (build/startScreen.ts), so a visitor sees it from the first bytes
 * of the page instead of a blank screen until the code has loaded; React's first render then
 * replaces it with the same markup. Styled by global classes (lib/styles/base.css) for that reason:
 * the build renders it without CSS Modules.
 */
export function StartScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className="gm-start-screen">
      <span className="gm-spinner" aria-hidden />
      <p>{text}</p>
    </div>
  );
}
