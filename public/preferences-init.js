// Applies the saved theme and language before the first paint. A classic blocking script in
// <head> (the CSP allows no inline script); keys as in src/lib/preferences.ts and src/lib/theme.tsx.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('lp.theme');
    if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
    var locale = localStorage.getItem('lp.locale');
    if (locale === 'en' || locale === 'fr') root.lang = locale;
    else if (navigator.language.toLowerCase().indexOf('fr') === 0) root.lang = 'fr';
  } catch {
    // Storage blocked: the system theme and English until the app starts.
  }
})();
