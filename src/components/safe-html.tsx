// Formatted text from the portal (product descriptions...), sanitised with DOMPurify. Import this
// only from lazy pages: it carries the sanitiser (about 9 KB gzip), which the first page must not.
// Wide content (a table of 200 cells) scrolls inside its own box, never the page.
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { fill, useMessages } from '#lib/i18n.tsx';
import { componentMessages } from './messages.ts';
import styles from './safe-html.module.css';

// A private instance: the hooks below must not change how anyone else's DOMPurify behaves.
const purifier = DOMPurify(window);

const allowedTags = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const allowedAttributes = [
  'href',
  'title',
  'alt',
  'src',
  'width',
  'height',
  'colspan',
  'rowspan',
  'lang',
  'dir',
  'start',
  'reversed',
];
// Web and mail links, and relative ones; no javascript:, data:, vbscript: or any other scheme.
const allowedUri = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    // Links open in a new tab that cannot reach back to the dashboard nor learn where it came from.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG') {
    if (!isSameOrigin(node.getAttribute('src'))) {
      // An image on another host would tell that host who reads the page: keep only its text.
      node.replaceWith(node.ownerDocument.createTextNode(node.getAttribute('alt') ?? ''));
    } else if (!node.hasAttribute('alt')) {
      // Without words of its own, treat it as decoration rather than leave screen readers guessing.
      node.setAttribute('alt', '');
    }
  }
});

function isSameOrigin(src: string | null): boolean {
  if (!src) return false;
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function sanitizeHtml(html: string): string {
  const clean = purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: allowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  return demoteHeadings(clean);
}

/** The page owns its h1 and h2: headings inside the text become h3 (parsed in an inert document). */
function demoteHeadings(html: string): string {
  if (!/<h[12][\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const heading of doc.body.querySelectorAll('h1, h2')) {
    const replacement = doc.createElement('h3');
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
  return doc.body.innerHTML;
}

/** Whether the element's content is wider than the element (it scrolls sideways), kept up to date. */
function useOverflowsX(ref: RefObject<HTMLElement | null>, content: string): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflows;
}

/**
 * `label` names the text (e.g. "Description"): when the content is wider than the box, the box
 * becomes a named region in the tab order, so that keyboard users can scroll it too.
 */
export function SafeHtml({ html, label, className }: { html: string; label: string; className?: string }) {
  const t = useMessages(componentMessages);
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const ref = useRef<HTMLDivElement>(null);
  const scrollable = useOverflowsX(ref, clean);
  return (
    <div
      ref={ref}
      // Isolated from the page's text direction, as all portal text (see portal-text.tsx).
      dir="auto"
      className={className ? `${styles.html} ${className}` : styles.html}
      {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': fill(t.scrollableText, { label }) } : {})}
      // Sanitised just above with a tag and attribute allow-list.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
