// When a page's content is on screen, seen from inside the page (bench/first-data.ts): an init
// script watches the DOM from the first byte and, in the animation frame after the content is
// complete (the frame that paints it), calls the benchmark's exposed `__benchReady(ms)` with
// performance.now(), i.e. ms from the navigation start. No polling: nothing runs between DOM
// changes, so the probe costs the page next to nothing.

export interface ReadySpec {
  /** The h1 must read exactly this; undefined: any h1 will do; false: none needed (react-admin has none). */
  heading?: string | false;
  /**
   * Tables, by caption, that must show at least `rows` data rows (a placeholder row does not
   * count); without a caption (a peer's table has none), any table of the page.
   */
  tables: { caption?: string; rows: number }[];
}

export const READY_BINDING = '__benchReady';

/** Runs in the page (serialised by Playwright's addInitScript): keep it self-contained. */
export function installReadyProbe(spec: ReadySpec): void {
  const dataRows = (table: HTMLTableElement) =>
    [...table.querySelectorAll('tbody tr')].filter(
      (row) => row.querySelector('td') && !row.querySelector('td[colspan]'),
    ).length;
  const complete = () => {
    const heading = document.querySelector('h1')?.textContent?.trim();
    if (spec.heading !== false && (heading === undefined || (spec.heading !== undefined && heading !== spec.heading)))
      return false;
    const tables = [...document.querySelectorAll('table')];
    return spec.tables.every(({ caption, rows }) => {
      return tables.some(
        (t) => (caption === undefined || t.caption?.textContent?.trim() === caption) && dataRows(t) >= rows,
      );
    });
  };
  const observer = new MutationObserver(() => {
    if (!complete()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const report = Reflect.get(window, '__benchReady') as ((ms: number) => void) | undefined;
      report?.(performance.now());
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}
