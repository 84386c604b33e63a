/**
 * Notification bodies arrive as HTML (1-access-shell-statement.md §3). They are cleaned with
 * DOMPurify before rendering, so nothing in them runs: no script, style, frame, form or event
 * handler, and no javascript: URL. Links open in a new tab without access to this page.
 *
 * Nothing in them reaches the network either (issue #10): an image from another origin is a
 * tracking pixel that tells the sender who read the notice and when, so only same-origin and
 * data: images stay (the CSP's img-src says the same); media elements and legacy `background`
 * and `poster` attributes go. `id` and `name` are renamed (SANITIZE_NAMED_PROPS), so the HTML
 * cannot clobber `document.<name>` or a form's fields that the portal's code reads.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'video',
  'audio',
  'source',
  'track',
  'picture',
];
const FORBID_ATTR = ['style', 'srcset', 'formaction', 'action', 'target', 'background', 'poster'];

/** Whether an image source stays on this origin (or in the document, as data:). */
function localImage(src: string): boolean {
  const value = src.trim();
  if (/^data:image\/(png|gif|jpeg|webp);/i.test(value)) return true;
  try {
    return new URL(value, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

let purifier: Purifier | undefined;

/** A private DOMPurify instance, so our hook does not change how other code sanitises. */
function instance(): Purifier {
  if (purifier) return purifier;
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // An image the sender gave no text alternative is treated as decorative (WCAG 1.1.1): a
    // screen reader would otherwise read out its file name.
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    // A remote image becomes its text alternative: the words stay, the request is never made.
    if (node.tagName === 'IMG' && !localImage(node.getAttribute('src') ?? '')) {
      const alt = node.getAttribute('alt') ?? '';
      node.replaceWith(node.ownerDocument.createTextNode(alt));
    }
  });
  purifier = created;
  return created;
}

/** Returns `html` with everything executable removed; an empty string when it cannot be cleaned. */
export function sanitizeHtml(html: string): string {
  const p = instance();
  if (!p.isSupported) return '';
  return p.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SANITIZE_NAMED_PROPS: true,
    RETURN_TRUSTED_TYPE: false,
  });
}
