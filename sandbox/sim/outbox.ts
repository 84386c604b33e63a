import type Database from 'better-sqlite3';

/** An e-mail the bank "sent": shown at /sandbox/outbox so codes and links can be followed. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

export function sendMail(
  db: Database.Database,
  to: string,
  subject: string,
  body: string,
  now: Date,
): number {
  return Number(
    db
      .prepare('INSERT INTO outbox (to_address, subject, body, created_at) VALUES (?, ?, ?, ?)')
      .run(to, subject, body, now.toISOString()).lastInsertRowid,
  );
}

export function listMail(db: Database.Database): OutboxMessage[] {
  return db
    .prepare(
      'SELECT id, to_address AS "to", subject, body, created_at AS createdAt FROM outbox ORDER BY id DESC',
    )
    .all() as OutboxMessage[];
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Escapes the text, then makes http(s) and root-relative links clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /(https?:\/\/[^\s<]+|(?<=\s|^)\/[^\s<]+)/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

/** The page's head, with its one inline <style> (allowed by hash in its CSP). */
export const OUTBOX_HEAD = `<head><meta charset="utf-8"><title>Caixa de saída do sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0}</style>
</head>`;

export function outboxPage(messages: readonly OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td><pre>${linkify(m.body)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
${OUTBOX_HEAD}
<body>
<main>
<h1>E-mails enviados pelo banco sandbox</h1>
<p>${messages.length} mensagem(ns). Também em <a href="/sandbox/outbox.json">/sandbox/outbox.json</a>.</p>
<table>
<thead><tr><th scope="col">Enviado em</th><th scope="col">Para</th><th scope="col">Assunto</th><th scope="col">Mensagem</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">Nenhum e-mail enviado.</td></tr>'}
</tbody>
</table>
</main>
</body>
</html>`;
}
