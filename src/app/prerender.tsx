/**
 * The build's prerender (vite.config.ts): draws a public route of the portal to HTML in Node, with
 * the styled-components CSS it uses, so dist/index.html shows the login form before any script
 * runs; the browser then hydrates it (main.tsx). Imports `./portal` first, like main.tsx, so the
 * styled components are numbered alike (see portal.tsx).
 *
 * It also draws the loading screen every other route paints first (the route table's fallback,
 * src/shell/page-loading.tsx), which index.html shows on those routes until React's first commit.
 */
import { Portal } from './portal';
import type { ReactNode } from 'react';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { i18n } from '../i18n/i18n';
import { PageLoading } from '../shell/page-loading';
import { theme } from '../ui/theme';

/** What a prerendered route gives index.html: the markup of #root and the `<style>` tags. */
export interface Prerendered {
  html: string;
  /** The loading screen's markup (outside #root, never hydrated): what other routes paint first. */
  loading: string;
  /** One `<style>` block with the CSS of both. */
  styleTags: string;
}

async function toHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, {
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
  return html;
}

/** Renders `path`, waiting for its lazily loaded page, and the loading screen; collects their CSS. */
export async function render(path: string): Promise<Prerendered> {
  const sheet = new ServerStyleSheet();
  try {
    const html = await toHtml(sheet.collectStyles(<Portal ssrPath={path} />));
    const loading = await toHtml(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <I18nextProvider i18n={i18n}>
            <PageLoading />
          </I18nextProvider>
        </ThemeProvider>,
      ),
    );
    return { html, loading, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
