/**
 * The composition root in the browser: i18n first (texts ready on the first render), the API layer
 * connected to the session and to the shell's expired-session event, then the React tree.
 *
 * dist/index.html carries the login form rendered at build time (src/app/prerender.tsx), so /login
 * paints before this script arrives; here React hydrates it (attaches to that HTML instead of
 * drawing it again). On every other route, or in another language than the prerendered pt-BR,
 * the inline script of index.html has already emptied #root and the tree is rendered afresh.
 */
import { connectApi, i18nReady, Portal } from './portal';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config } from '../runtime/config';

connectApi();

document.title = config.productName;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// pt-BR is bundled and resolves at once; another stored language is fetched before the first render.
// In a transition, the first render (or hydration) yields to the browser every few milliseconds
// instead of holding the main thread for the whole tree: on a slow phone a tap or a keystroke is
// not kept waiting behind it (Lighthouse's total blocking time).
void i18nReady.then(() =>
  startTransition(() => {
    if (root.firstElementChild) hydrateRoot(root, <Portal />);
    else createRoot(root).render(<Portal />);
  }),
);
