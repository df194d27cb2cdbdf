// The tab's title follows the page's h1 ("marketing-montreal · Learning Portal admin"), so tabs
// and history tell pages apart. After a navigation inside the app, focus moves to the new page's
// h1, so that a screen reader announces where the user landed, unless the user has already put
// focus somewhere in the new page. Watching the h1 rather than setting titles page by page keeps
// the two in step, loading and not-found states included.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useMessages } from '../lib/i18n.tsx';
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
    // Runs after React committed the new route: any h1 now in the page is the new page's.
    let focusPending = moveFocus;
    const sync = () => {
      const heading = root.querySelector('h1');
      const text = heading?.textContent?.trim();
      const title = text ? `${text} · ${appName}` : appName;
      if (document.title !== title) document.title = title;
      if (!focusPending || !heading) return;
      focusPending = false;
      const active = document.activeElement;
      if (active && active !== document.body && document.getElementById('main')?.contains(active)) return;
      heading.tabIndex = -1;
      heading.focus();
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    const giveUp = setTimeout(() => (focusPending = false), FOCUS_WINDOW_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, appName, moveFocus]);

  return null;
}
