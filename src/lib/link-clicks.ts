// Plain <a href> links inside one element (a table's cells) that navigate in the app like a
// router <Link>: one handler on the element for all of them. A <Link> per cell costs a dozen
// hooks and an effect each; the groups table's hundred of them cost more scripting than its rows.
import type { FocusEvent, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** The same-origin link an event came from, inside the element that listens; null otherwise. */
export function linkOf(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link?.href || !event.currentTarget.contains(link) || link.origin !== window.location.origin) return null;
  return link;
}

/**
 * The click handler: a plain left click on a link of this page's origin navigates in the app; a
 * click with a modifier (new tab or window), on a link with a target or `download`, or already
 * handled (a <Link>'s own) is left to the browser, as <Link> does.
 */
export function useLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = linkOf(event);
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
}
