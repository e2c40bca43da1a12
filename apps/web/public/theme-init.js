// Applies the saved (or system) theme class to <html> before the app loads, so the first paint
// already has the right colours. Mirrors readInitialTheme() in src/lib/theme/mode.ts.
/* global window, document */
(function () {
  var theme = 'light';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') theme = saved;
    else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) {
      theme = 'dark';
    }
  } catch {
    theme = 'light';
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
