/**
 * The build's prerender (vite.config.ts): draws a public route of the portal to HTML in Node, with
 * the styled-components CSS it uses, so dist/index.html shows the login form before any script
 * runs; the browser then hydrates it (main.tsx). Imports `./portal` first, like main.tsx, so the
 * styled components are numbered alike (see portal.tsx).
 */
import { Portal } from './portal';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';

/** What a prerendered route gives index.html: the markup of #root and the `<style>` tags. */
export interface Prerendered {
  html: string;
  styleTags: string;
}

/** Renders `path`, waiting for its lazily loaded page, and collects its CSS. */
export async function render(path: string): Promise<Prerendered> {
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerenderToNodeStream(sheet.collectStyles(<Portal ssrPath={path} />), {
      onError(error) {
        throw error;
      },
    });
    let html = '';
    await new Promise<void>((resolve, reject) => {
      prelude.pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            html += chunk.toString('utf8');
            done();
          },
          final(done) {
            resolve();
            done();
          },
        }),
      );
      prelude.on('error', reject);
    });
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
