import type Database from 'better-sqlite3';
import QRCode from 'qrcode';
import { TOTP_ISSUER } from '../db/demo-totp.ts';
import { otpauthUri, TOTP_PERIOD_SECONDS, totpCode } from './totp.ts';

/**
 * GET /sandbox/autenticador: each demo customer's security-code secret as an otpauth:// URI and
 * its QR image, so a person can enrol an authenticator app (the "companion app" of
 * 2-money-movement.md §1) and read codes from it. Beside the outbox and guarded the same way: it
 * shows every customer's second factor.
 */

export interface AuthenticatorEntry {
  name: string;
  accountName: string;
  secret: string;
  uri: string;
}

/** Every holder with a secret, in the order the seed made them. */
export function authenticatorEntries(db: Database.Database): AuthenticatorEntry[] {
  const rows = db
    .prepare(
      `SELECT h.name, h.email, t.secret FROM totp_secrets t JOIN account_holders h ON h.id = t.holder_id
       ORDER BY t.rowid`,
    )
    .all() as { name: string; email: string | null; secret: string }[];
  return rows.map((r) => {
    const accountName = r.email ?? r.name;
    return { name: r.name, accountName, secret: r.secret, uri: otpauthUri(accountName, r.secret) };
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The page's head, with its one inline <style> (allowed by hash in its CSP). */
export const AUTHENTICATOR_HEAD = `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Autenticador do sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}section{border:1px solid #ccc;padding:1rem;margin:1rem 0;display:flex;flex-wrap:wrap;gap:1rem}svg{width:12rem;height:12rem}code{word-break:break-all}dd{margin:0 0 .5rem}</style>
</head>`;

/** The page; the QR images are inline SVG (no image request, nothing loosened in the policy). */
export async function authenticatorPage(entries: readonly AuthenticatorEntry[], now: Date): Promise<string> {
  const sections = await Promise.all(
    entries.map(async (e) => {
      const svg = await QRCode.toString(e.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      const labelled = svg.replace('<svg ', `<svg role="img" aria-label="QR code de ${escapeHtml(e.name)}" `);
      return `<section>
${labelled}
<div>
<h2>${escapeHtml(e.name)}</h2>
<dl>
<dt>Conta no aplicativo</dt><dd>${escapeHtml(e.accountName)}</dd>
<dt>Segredo (base32)</dt><dd><code>${escapeHtml(e.secret)}</code></dd>
<dt>URI</dt><dd><code>${escapeHtml(e.uri)}</code></dd>
<dt>Código no momento em que a página foi gerada</dt><dd><code>${totpCode(e.secret, now)}</code></dd>
</dl>
</div>
</section>`;
    }),
  );
  return `<!doctype html>
<html lang="pt-BR">
${AUTHENTICATOR_HEAD}
<body>
<main>
<h1>Chave de Segurança dos clientes de demonstração</h1>
<p>Aponte um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…)
para o QR code do cliente, ou digite o segredo. Os códigos têm 6 dígitos e mudam a cada
${TOTP_PERIOD_SECONDS} segundos (TOTP, RFC 6238, SHA-1), emissor “${escapeHtml(TOTP_ISSUER)}”. No terminal:
<code>oathtool --totp -b SEGREDO</code>. Cada código confirma uma única operação; recarregue a página
para ver o código atual.</p>
${sections.join('\n') || '<p>Nenhum cliente com Chave de Segurança.</p>'}
</main>
</body>
</html>`;
}
