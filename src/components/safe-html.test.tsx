// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html.tsx';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHtml(html);
  return container;
}

describe('sanitizeHtml', () => {
  it('keeps formatting and text', () => {
    const out = parse('<p>A <strong>bold</strong> <em>move</em></p><ul><li>one</li></ul>');
    expect(out.querySelector('strong')?.textContent).toBe('bold');
    expect(out.querySelectorAll('li')).toHaveLength(1);
  });

  it('removes scripts, handlers, frames, forms, styles and svg', () => {
    const out = parse(
      '<script>alert(1)</script><img src=x onerror=alert(1)><svg onload=alert(1)></svg><iframe src="https://e.x"></iframe>' +
        '<style>body{display:none}</style><form action="https://e.x"><input name=a><button>Go</button></form>' +
        '<p style="color:red" onclick="alert(1)">text</p><details ontoggle=alert(1) open>d</details>',
    );
    expect(out.querySelector('script, iframe, svg, style, form, input, button')).toBeNull();
    const attributes = [...out.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attributes.filter((name) => name.startsWith('on') || name === 'style')).toEqual([]);
    expect(out.textContent).toContain('text');
    expect(out.textContent).toContain('Go');
  });

  it('drops javascript: and data: addresses and opens links safely', () => {
    const out = parse(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a><a href="https://example.org">d</a>',
    );
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, null, 'https://example.org']);
    expect(links[3]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[3]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.hasAttribute('target')).toBe(false);
  });

  it('keeps images of this host only, replacing others by their text', () => {
    const out = parse('<img src="/logo.png" alt="Ours"><img src="https://tracker.example.net/p.gif" alt="Theirs">');
    expect([...out.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['Ours']);
    expect(parse('<img src="/a.png">').querySelector('img')?.getAttribute('alt')).toBe('');
    expect(out.textContent).toContain('Theirs');
  });

  it('demotes headings so the page keeps its own h1 and h2', () => {
    const out = parse('<h1>Big</h1><h2>Medium</h2><h4>Small</h4>');
    expect([...out.children].map((el) => el.tagName)).toEqual(['H3', 'H3', 'H4']);
  });
});
