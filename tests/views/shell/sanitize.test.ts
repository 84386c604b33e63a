// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/shell/sanitize';

declare global {
  interface Window {
    pwned?: boolean;
  }
}

/** Puts the cleaned HTML in the document, as the popup does, and waits for any handler to fire. */
async function mount(html: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHtml(html);
  document.body.append(host);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return host;
}

describe('sanitizeHtml (notification bodies)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete window.pwned;
  });

  it('drops the onerror handler of an image, so nothing runs', async () => {
    const host = await mount('<p>Oi</p><img src=x onerror="window.pwned = true">');
    const img = host.querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(host.innerHTML).not.toMatch(/onerror/i);
    expect(window.pwned).toBeUndefined();
  });

  it('removes script, style and iframe elements', async () => {
    const host = await mount(
      '<b>Aviso</b><script>window.pwned = true</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(host.querySelector('script, style, iframe')).toBeNull();
    expect(host.textContent).toBe('Aviso');
    expect(window.pwned).toBeUndefined();
  });

  it('removes every on* handler and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)" onclick="x()">a</a><div onmouseover="x()" onfocus="x()">d</div><svg onload="x()"></svg>',
    );
    expect(out).not.toMatch(/on(click|mouseover|focus|load)=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/<svg/i);
  });

  it('opens links in a new tab without access to the portal', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml(
      '<a href="https://contadigital.example/novidades" target="_self">Saiba mais</a>',
    );
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://contadigital.example/novidades');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps harmless formatting', () => {
    expect(sanitizeHtml('<p>Seu <strong>Pix</strong> chegou.</p><ul><li>um</li></ul>')).toBe(
      '<p>Seu <strong>Pix</strong> chegou.</p><ul><li>um</li></ul>',
    );
  });

  it('marks an image without a text alternative as decorative, and keeps a given one', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml('<img src="a.png"><img src="b.png" alt="Logotipo">');
    const [plain, described] = Array.from(host.querySelectorAll('img'));
    expect(plain?.getAttribute('alt')).toBe('');
    expect(described?.getAttribute('alt')).toBe('Logotipo');
  });

  it('drops images from other origins (a tracking pixel), keeping their text alternative', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml(
      '<p>Oi<img src="https://tracker.example/p.gif?u=maria" alt="Promoção"><img src="//tracker.example/x.png">' +
        '<img src="/assets/logo.png" alt="Logo"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Selo"></p>',
    );
    const sources = Array.from(host.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/assets/logo.png', 'data:image/png;base64,iVBORw0KGgo=']);
    expect(host.innerHTML).not.toMatch(/tracker\.example/);
    expect(host.textContent).toContain('Promoção');
  });

  it('no other element fetches from the network: video, audio, source, background, poster', () => {
    const out = sanitizeHtml(
      '<table background="https://t.example/bg.png"><tr><td>x</td></tr></table>' +
        '<video poster="https://t.example/p.png" src="https://t.example/v.mp4"></video>' +
        '<audio src="https://t.example/a.mp3"></audio><picture><source srcset="https://t.example/s.png"></picture>',
    );
    expect(out).not.toMatch(/t\.example/);
  });

  it('renames id and name so the HTML cannot clobber the page (document.foo, form.bar)', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml('<a id="location" name="cookie" href="/x">a</a><p id="config">b</p>');
    expect(host.querySelector('#location')).toBeNull();
    expect(host.querySelector('[name="cookie"]')).toBeNull();
    expect(host.querySelector('#config')).toBeNull();
  });
});
