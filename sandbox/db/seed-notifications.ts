import type Database from 'better-sqlite3';
import { customer, type Customer, type SeedArea } from './seed-run.ts';

/** The notices of the shell's bell: addressed to Maria and the bakery, general ones, one expired. */

function insertNotifications(db: Database.Database, now: Date, maria: Customer, padaria: Customer): void {
  const day = 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  const insert = db.prepare(
    'INSERT INTO notifications (title, body, created_at, expiration_date, is_general) VALUES (?, ?, ?, ?, ?)',
  );
  const address = db.prepare(
    'INSERT INTO notification_reads (notification_id, account_id, addressed, read_at) VALUES (?, ?, 1, ?)',
  );
  const add = (
    title: string,
    body: string,
    daysAgo: number,
    expiresInDays: number | null,
    general: boolean,
  ) =>
    Number(
      insert.run(
        title,
        body,
        iso(now.getTime() - daysAgo * day),
        expiresInDays === null ? null : iso(now.getTime() + expiresInDays * day),
        general ? 1 : 0,
      ).lastInsertRowid,
    );

  const welcome = add(
    'Bem-vinda à sua conta digital',
    '<p>Olá, <strong>Maria</strong>! Sua conta está ativa.</p><p>Veja o <a href="https://example.com/ajuda" target="_blank">guia de primeiros passos</a>.</p>',
    100,
    null,
    false,
  );
  address.run(welcome, maria.accountId, iso(now.getTime() - 99 * day));

  const pix = add(
    'Pix recebido',
    '<p>Você recebeu um Pix de <strong>Carlos Souza</strong> no valor de <em>R$ 250,00</em>.</p>',
    40,
    60,
    false,
  );
  address.run(pix, maria.accountId, null);

  // Deliberately hostile HTML so the portal's sanitising can be tested.
  const hostile = add(
    'Atualize seus dados cadastrais',
    '<p>Confira as novidades da sua conta.</p><img src=x onerror=alert(1)><script>alert("xss")</script><p>Equipe de atendimento</p>',
    2,
    30,
    false,
  );
  address.run(hostile, maria.accountId, null);

  const limits = add(
    'Seu limite Pix noturno',
    '<p>O limite Pix entre <b>20h e 6h</b> é de R$ 1.000,00 por período.</p><ul><li>Ajuste em Pix &gt; Meus limites</li></ul>',
    6,
    90,
    false,
  );
  address.run(limits, maria.accountId, null);
  address.run(limits, padaria.accountId, iso(now.getTime() - 5 * day));

  add(
    'Manutenção programada',
    '<p>No domingo, das <strong>2h às 4h</strong>, alguns serviços podem ficar indisponíveis.</p>',
    3,
    10,
    true,
  );
  add(
    'Novidade: Pix Automático',
    '<p>Agora você pode autorizar débitos recorrentes com o <strong>Pix Automático</strong>.</p>',
    20,
    120,
    true,
  );
  // Already expired: never listed.
  add('Campanha encerrada', '<p>Esta campanha terminou.</p>', 60, -30, true);

  const padariaNew = add(
    'Boleto de depósito pago',
    '<p>O boleto de depósito de <strong>R$ 20.000,00</strong> foi compensado.</p>',
    1,
    30,
    false,
  );
  address.run(padariaNew, padaria.accountId, null);
}

export const seedNotifications: SeedArea = (run) =>
  insertNotifications(run.db, run.now, customer(run, 'maria'), customer(run, 'padaria'));
