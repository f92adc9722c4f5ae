import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/ui/kit/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps text structure and safe links', () => {
    const html = sanitizeHtml(
      '<h1 class="x">Terms</h1><p>Read <a href="https://example.com" onclick="x()">this</a>.</p>',
    );
    expect(html).toBe(
      '<h1>Terms</h1><p>Read <a href="https://example.com" target="_blank" rel="noopener noreferrer">this</a>.</p>',
    );
  });

  it('drops scripts, styles, frames, handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onmouseover="x()">a</p><script>alert(1)</script><style>p{}</style><iframe src="//x"></iframe><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)>',
    );
    expect(html).toBe('<p>a</p><a>b</a>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<article><font color="red">kept</font></article><!-- gone -->')).toBe('kept');
  });
});
