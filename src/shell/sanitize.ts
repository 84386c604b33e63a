/**
 * Notification bodies arrive as HTML (1-access-shell-statement.md §3). They are cleaned with
 * DOMPurify before rendering, so nothing in them runs: no script, style, frame, form or event
 * handler, and no javascript: URL. Links open in a new tab without access to this page.
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
];
const FORBID_ATTR = ['style', 'srcset', 'formaction', 'action', 'target'];

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
    RETURN_TRUSTED_TYPE: false,
  });
}
