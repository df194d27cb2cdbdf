// The tab's title follows the page's h1 ("marketing-montreal · Learning Portal admin"), so tabs
// and history tell pages apart. After a navigation inside the app, focus moves to the new page's
// h1, so that a screen reader announces where the user landed, unless the user has already put
// focus somewhere in the new page. Watching the h1 rather than setting titles page by page keeps
// the two in step, loading and not-found states included.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useMessages } from '#lib/i18n.tsx';
import { appMessages } from './messages.ts';

/** How long after a navigation the new page's h1 may take to appear and still get focus. */
const FOCUS_WINDOW_MS = 5000;

export function PageTitle() {
  const appName = useMessages(appMessages).productName;
  const { pathname } = useLocation();
  // Not on the first page of a visit (a reload, a link from elsewhere): only after moving within the app.
  const [lastPath, setLastPath] = useState(pathname);
  const [moveFocus, setMoveFocus] = useState(false);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMoveFocus(true);
  }

  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const sync = () => {
      const text = root.querySelector('h1')?.textContent?.trim();
      const title = text ? `${isolated(text)} · ${appName}` : appName;
      if (document.title !== title) document.title = title;
    };
    return watch(root, sync);
  }, [appName]);

  // Keyed on the path alone: changing the language or the theme leaves focus where it is.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root || !moveFocus) return;
    // Runs after React committed the new route: any h1 now in the page is the new page's.
    let pending = true;
    const focusHeading = () => {
      const heading = root.querySelector('h1');
      if (!pending || !heading) return;
      pending = false;
      const active = document.activeElement;
      if (active && active !== document.body && document.getElementById('main')?.contains(active)) return;
      heading.tabIndex = -1;
      heading.focus();
    };
    const stop = watch(root, focusHeading);
    const giveUp = setTimeout(stop, FOCUS_WINDOW_MS);
    return () => {
      stop();
      clearTimeout(giveUp);
    };
  }, [pathname, moveFocus]);

  return null;
}

/** Bidi controls, or right-to-left letters (Hebrew to Arabic Extended, presentation forms). */
const bidiSensitive = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * Portal text in the tab title, isolated (FSI … PDI) when it could reorder what follows it: a
 * right-to-left override in a group name must not reverse " · Learning Portal admin". Plain
 * left-to-right text is left as it is, so titles stay exactly what the page's heading says.
 */
export function isolated(text: string): string {
  return bidiSensitive.test(text) ? `\u2068${text}\u2069` : text;
}

/** Calls `check` now and after every change under `root`; returns the function that stops it. */
function watch(root: HTMLElement, check: () => void): () => void {
  check();
  const observer = new MutationObserver(check);
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return () => observer.disconnect();
}
