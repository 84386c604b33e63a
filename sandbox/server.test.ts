import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, FIRST_ACCESS_PASSWORD } from './db/demo-logins.ts';
import { DEMO_IDS } from './db/seed.ts';
import {
  answered,
  call,
  contract,
  databaseSnapshot,
  FIXED_NOW,
  login,
  operationsOfSpec,
  startSandbox,
  type TestSandbox,
} from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';
import { HANDLERS } from './server.ts';

/** Every call of 1-access-shell-statement.md §7, against the real sandbox, checked against the contract. */

const MARIA = { username: DEMO_USERS.maria.email, password: DEMO_PASSWORD };

type Data<T> = { data: T };
interface ApiError {
  error?: { code: number; group?: string; description?: string };
}
interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors: { field: string; message: string }[];
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});

describe('login', () => {
  it.each(DEMO_LOGINS.filter((l) => l.password === DEMO_PASSWORD))(
    'signs in with $kind $username ($who)',
    async (demo) => {
      const session = await login(sb.app, demo.username, demo.password);
      expect(session.token.length).toBeGreaterThanOrEqual(32);
      expect(session.accounts[0]?.accountHolderId).toBe(session.accountHolderId);
    },
  );

  it('accepts the tax id user name in any case and with punctuation', async () => {
    const session = await login(sb.app, 'bra12.abc.345/01de-35', DEMO_PASSWORD);
    expect(session.accountId).toBe(DEMO_IDS.padaria.accountId);
  });

  it('refuses a wrong password with code 20, not 401', async () => {
    const res = await call<ApiError>(sb.app, 'login', {
      form: { username: MARIA.username, password: 'Errada@123', cookie: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe(20);
  });

  it('refuses an unknown user with the same code 20', async () => {
    const res = await call<ApiError>(sb.app, 'login', {
      form: { username: 'ninguem@exemplo.com.br', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe(20);
  });

  it('answers 313 to a first-access user with the right password, and 20 with a wrong one', async () => {
    const first = await call<ApiError>(sb.app, 'login', {
      form: { username: DEMO_USERS.firstAccess.email, password: FIRST_ACCESS_PASSWORD },
    });
    expect(first.status).toBe(422);
    expect(first.body.error?.code).toBe(313);
    const wrong = await call<ApiError>(sb.app, 'login', {
      form: { username: DEMO_USERS.firstAccess.email, password: DEMO_PASSWORD },
    });
    expect(wrong.body.error?.code).toBe(20);
  });

  it('refuses a JSON login: the contract says form-encoded', async () => {
    const res = await call<Problem>(sb.app, 'login', { json: MARIA });
    expect(res.status).toBe(400);
    expect(res.contentType).toContain('application/problem+json');
  });
});

describe('tokens', () => {
  it('requires a token (401) and refuses an expired one', async () => {
    const local = await startSandbox({ tokenTtlSeconds: 60 });
    try {
      const none = await call<ApiError>(local.app, 'getMe');
      expect(none.status).toBe(401);
      const session = await login(local.app, MARIA.username, MARIA.password);
      expect((await call(local.app, 'getMe', { token: session.token })).status).toBe(200);
      local.clock.now = new Date(FIXED_NOW.getTime() + 61_000);
      const expired = await call<ApiError>(local.app, 'getMe', { token: session.token });
      expect(expired.status).toBe(401);
      expect(
        (
          await call(local.app, 'getBalance', {
            token: session.token,
            params: { accountId: session.accountId },
          })
        ).status,
      ).toBe(401);
    } finally {
      await local.app.close();
    }
  });

  it('revokes the token at logout', async () => {
    const session = await login(sb.app, MARIA.username, MARIA.password);
    const out = await call<Data<{ success: boolean }>>(sb.app, 'logout', { token: session.token });
    expect(out.body.data.success).toBe(true);
    expect((await call(sb.app, 'getMe', { token: session.token })).status).toBe(401);
  });

  it('lets a token read only its own account, holder and user name (403)', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const padaria = DEMO_IDS.padaria;
    const cases: { op: string; params: Record<string, string> }[] = [
      { op: 'getBalance', params: { accountId: padaria.accountId } },
      { op: 'getClient', params: { accountId: padaria.accountId } },
      { op: 'listNotifications', params: { accountId: padaria.accountId } },
      { op: 'listAddresses', params: { accountHolderId: padaria.holderId, accountId: padaria.accountId } },
      { op: 'listAddresses', params: { accountHolderId: padaria.holderId, accountId: maria.accountId } },
    ];
    for (const c of cases) {
      const res = await call<ApiError>(sb.app, c.op, {
        token: maria.token,
        params: c.params,
        unchecked: true,
      });
      expect(res.status, c.op).toBe(403);
      expect(contract.validateSchema('ApiErrorBody', res.body).errors).toEqual([]);
    }
    const statement = await call(sb.app, 'getStatement', {
      token: maria.token,
      params: { accountId: padaria.accountId },
      query: { start: '2026-11-01', ending: '2026-11-21' },
      unchecked: true,
    });
    expect(statement.status).toBe(403);
    const pass = await call(sb.app, 'changePassword', {
      token: maria.token,
      params: { username: `BRA${DEMO_USERS.padaria.taxId}` },
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'outra123' },
      unchecked: true,
    });
    expect(pass.status).toBe(403);
  });
});

describe('request validation', () => {
  it('answers 400 problem+json naming the field, and writes nothing', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const before = databaseSnapshot(sb.app);
    const res = await call<Problem>(sb.app, 'createAddress', {
      token: maria.token,
      params: { accountHolderId: maria.accountHolderId, accountId: maria.accountId },
      json: {
        addressOne: 'Rua Nova',
        number: '123456',
        neighborhood: 'Centro',
        postalCode: '1234',
        city: 'São Paulo',
        state: 'XX',
      },
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toContain('application/problem+json');
    expect(res.body.status).toBe(400);
    const fields = res.body.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['number', 'postalCode', 'state']));
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it('names a missing query parameter and a bad date', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const res = await call<Problem>(sb.app, 'getStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: '2026-13-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['start', 'ending']));
  });

  it('names the deviceId header when it is missing', async () => {
    const res = await call<Problem>(sb.app, 'login', {
      form: { username: MARIA.username, password: MARIA.password },
      noDevice: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain('deviceId');
  });

  it('refuses a period whose start is after its end', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const res = await call<Problem>(sb.app, 'getReportStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: '2026-11-20', ending: '2026-11-10' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]?.field).toBe('start');
  });

  it('refuses an address made of blanks (spec §5: blank after trimming is empty)', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const before = databaseSnapshot(sb.app);
    const res = await call<Problem>(sb.app, 'createAddress', {
      token: maria.token,
      params: { accountHolderId: maria.accountHolderId, accountId: maria.accountId },
      json: {
        addressOne: '   ',
        number: '1',
        neighborhood: 'Centro',
        postalCode: '01310-100',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'addressOne', message: 'must not be blank' }]);
    expect(databaseSnapshot(sb.app)).toBe(before);
  });
});

describe('client and session data', () => {
  it('getClient, getMe, checkLogin and refreshSession answer the contract', async () => {
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    const client = await call<
      Data<{
        client: { name: string; taxIdentifier: { taxId: string }; accountData: { clientType: string } };
        account: { account: string };
      }>
    >(sb.app, 'getClient', { token: padaria.token, params: { accountId: padaria.accountId } });
    expect(client.body.data.client.name).toBe('Padaria Pão Dourado Ltda');
    expect(client.body.data.client.taxIdentifier.taxId).toBe(DEMO_USERS.padaria.taxId);
    expect(client.body.data.client.accountData.clientType).toBe('CORPORATE');
    expect(client.body.data.account.account).toMatch(/^\d{1,7}$/);

    const me = await call<
      Data<{ username: string; functionalities: string[]; withdrawAgent: { modality: string } | null }>
    >(sb.app, 'getMe', { token: padaria.token });
    expect(me.body.data.username).toBe(`BRA${DEMO_USERS.padaria.taxId}`);
    expect(me.body.data.functionalities).toEqual(['PIX SAQUE', 'PIX TROCO']);
    expect(me.body.data.withdrawAgent?.modality).toBe('AGTEC');

    const good = await call<Data<{ valid: boolean }>>(sb.app, 'checkLogin', {
      token: padaria.token,
      json: { username: `BRA${DEMO_USERS.padaria.taxId}`, password: DEMO_PASSWORD },
    });
    expect(good.body.data.valid).toBe(true);
    const bad = await call<Data<{ valid: boolean }>>(sb.app, 'checkLogin', {
      token: padaria.token,
      json: { username: `BRA${DEMO_USERS.padaria.taxId}`, password: 'x' },
    });
    expect(bad.body.data.valid).toBe(false);
    const other = await call<Data<{ valid: boolean }>>(sb.app, 'checkLogin', {
      token: padaria.token,
      json: MARIA,
    });
    expect(other.body.data.valid).toBe(false);

    // Last: the renewal ends the token this test signed in with (issue 32).
    const renewed = await call<Data<{ token: string; expiresInSeconds: number }>>(sb.app, 'refreshSession', {
      token: padaria.token,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.token).not.toBe(padaria.token);
    expect(renewed.body.data.expiresInSeconds).toBeGreaterThan(0);
  });

  it('updateClient changes the mail address, keeps the tax id and is idempotent', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const params = { accountHolderId: maria.accountHolderId, accountId: maria.accountId };
    const mailAddress = {
      addressOne: 'Rua Augusta',
      number: '900',
      neighborhood: 'Consolação',
      postalCode: '01304-001',
      city: 'São Paulo',
      state: 'SP',
      country: 'BRA',
    };
    const body = {
      externalIdentifier: 'upd-0001',
      client: {
        name: 'Maria Silva Santos',
        taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
        email: DEMO_USERS.maria.email,
        mailAddress,
      },
      billingAddress: mailAddress,
    };
    const res = await call<
      Data<{ mailAddress: { addressOne: string }; billingAddress: { addressId: string } }>
    >(sb.app, 'updateClient', { token: maria.token, params, json: body });
    expect(res.status).toBe(200);
    expect(res.body.data.mailAddress.addressOne).toBe('Rua Augusta');
    const snapshot = databaseSnapshot(sb.app);
    const again = await call(sb.app, 'updateClient', { token: maria.token, params, json: body });
    expect(again.status).toBe(200);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    const reloaded = await call<Data<{ client: { mailAddress: { addressOne: string } } }>>(
      sb.app,
      'getClient',
      { token: maria.token, params: { accountId: maria.accountId } },
    );
    expect(reloaded.body.data.client.mailAddress.addressOne).toBe('Rua Augusta');

    const taxChange = await call<ApiError>(sb.app, 'updateClient', {
      token: maria.token,
      params,
      json: {
        ...body,
        externalIdentifier: 'upd-0002',
        client: { ...body.client, taxIdentifier: { taxId: '12345678909' } },
      },
    });
    expect(taxChange.status).toBe(422);
  });
});

describe('notifications', () => {
  it('lists addressed and general ones, hides expired ones, and marks read', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    type N = {
      idNotification: number;
      title: string;
      body: string;
      readNotification: boolean;
      isGeneralNotification: boolean;
    };
    const list = await call<Data<N[]>>(sb.app, 'listNotifications', {
      token: maria.token,
      params: { accountId: maria.accountId },
    });
    const items = list.body.data;
    expect(items.some((n) => n.isGeneralNotification)).toBe(true);
    expect(items.some((n) => !n.isGeneralNotification && !n.readNotification)).toBe(true);
    expect(items.some((n) => !n.isGeneralNotification && n.readNotification)).toBe(true);
    expect(items.some((n) => n.body.includes('onerror=alert(1)') && n.body.includes('<script>'))).toBe(true);
    expect(items.some((n) => n.title === 'Campanha encerrada')).toBe(false);

    const unread = items.filter((n) => !n.readNotification).map((n) => n.idNotification);
    const marked = await call<Data<{ success: boolean }>>(sb.app, 'markNotificationsRead', {
      token: maria.token,
      json: unread,
    });
    expect(marked.body.data.success).toBe(true);
    const after = await call<Data<N[]>>(sb.app, 'listNotifications', {
      token: maria.token,
      params: { accountId: maria.accountId },
    });
    expect(after.body.data.every((n) => n.readNotification)).toBe(true);

    // Padaria's own unread notification is untouched by Maria's call.
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    const theirs = await call<Data<N[]>>(sb.app, 'listNotifications', {
      token: padaria.token,
      params: { accountId: padaria.accountId },
    });
    expect(theirs.body.data.some((n) => !n.isGeneralNotification && !n.readNotification)).toBe(true);

    const general = await call<Data<{ hasGeneral: boolean }>>(sb.app, 'hasGeneralNotification', {
      token: maria.token,
    });
    expect(general.body.data.hasGeneral).toBe(true);
  });
});

describe('statement', () => {
  interface Entry {
    description: string;
    type: 'C' | 'D';
    amount: number;
    transactionId: string;
    additionalInfo?: string;
    isPix?: boolean;
    isPaymentRefundCredit?: boolean;
    isPaymentRefundDebit?: boolean;
    creditDate: string;
    amountRefund?: number;
    historyCode?: string;
  }

  it('lists the last 120 days newest first, with every kind of movement', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const res = await call<Data<{ statement: Entry[] }>>(sb.app, 'getStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: '2026-07-24', ending: '2026-11-21' },
    });
    const st = res.body.data.statement;
    expect(st.length).toBeGreaterThan(50);
    const dates = st.map((e) => e.creditDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => d.slice(0, 10) >= '2026-07-24' && d.slice(0, 10) <= '2026-11-21')).toBe(true);
    const has = (re: RegExp) => st.some((e) => re.test(e.description));
    for (const re of [
      /^TED enviada/,
      /^TED recebida/,
      /^Transferência enviada/,
      /^Transferência recebida/,
      /^Pix enviado/,
      /^Pix recebido/,
      /^Pagamento de boleto/,
      /^Pagamento de conta/,
      /^Recarga/,
      /^Depósito por boleto/,
      /^Tarifa/,
    ]) {
      expect(has(re), String(re)).toBe(true);
    }
    expect(st.some((e) => e.isPaymentRefundCredit)).toBe(true);
    expect(st.some((e) => e.isPaymentRefundDebit)).toBe(true);
    const partiallyRefunded = st.filter((e) => e.type === 'C' && e.isPix && (e.amountRefund ?? 0) > 0);
    expect(partiallyRefunded).toHaveLength(1);
    expect(partiallyRefunded[0]?.amountRefund).toBeLessThan(partiallyRefunded[0]?.amount ?? 0);
    // Every Pix sent is 8011, the code a fraud report needs (issue 17), and only those.
    const reportable = st.filter((e) => e.historyCode === '8011');
    expect(reportable.length).toBeGreaterThan(1);
    expect(reportable.every((e) => e.type === 'D' && e.isPix && /^Pix enviado/.test(e.description))).toBe(
      true,
    );
    expect(st.filter((e) => /^Pix enviado/.test(e.description)).length).toBe(reportable.length);
    for (const e of st) {
      if (e.additionalInfo === undefined) continue;
      expect(
        contract.validateSchema('StatementAdditionalInfo', JSON.parse(e.additionalInfo)).errors,
        e.description,
      ).toEqual([]);
    }
  });

  it('filters by São Paulo calendar dates, inclusive, and the Pix statement by isPix', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const day = async (start: string, ending: string, isPix?: boolean) =>
      (
        await call<Data<{ statement: Entry[] }>>(sb.app, 'getStatement', {
          token: maria.token,
          params: { accountId: maria.accountId },
          query: { start, ending, ...(isPix === undefined ? {} : { isPix }) },
        })
      ).body.data.statement;
    const month = await day('2026-10-01', '2026-10-31');
    const split = [...(await day('2026-10-01', '2026-10-15')), ...(await day('2026-10-16', '2026-10-31'))];
    expect(split.length).toBe(month.length);
    const pix = await day('2026-10-01', '2026-10-31', true);
    expect(pix.length).toBeGreaterThan(0);
    expect(pix.every((e) => e.isPix)).toBe(true);
    expect(pix.length).toBeLessThan(month.length);
    expect(await day('2027-01-01', '2027-01-31')).toEqual([]);
  });

  it('exports rows with SALDO lines that add up to the balance', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    type Row = {
      transactionDate: string;
      transactionType: string;
      description: string;
      amount: number;
      transactionId: string | null;
    };
    const res = await call<Data<Row[]>>(sb.app, 'getReportStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: '2026-07-24', ending: '2026-11-21' },
    });
    const rows = res.body.data;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows[0]?.transactionType).toBe('SALDO');
    expect(rows[0]?.transactionDate).toBe('24/07/2026 00:00:00');
    let running = Math.round((rows[0]?.amount ?? 0) * 100);
    for (const row of rows.slice(1)) {
      if (row.transactionType === 'SALDO') expect(Math.round(row.amount * 100)).toBe(running);
      else running += (row.transactionType === 'C' ? 1 : -1) * Math.round(row.amount * 100);
    }
    const balance = await call<Data<{ balances: { balanceType: string; amount: number }[] }>>(
      sb.app,
      'getBalance',
      {
        token: maria.token,
        params: { accountId: maria.accountId },
      },
    );
    const real = balance.body.data.balances.find((b) => b.balanceType === 'REAL');
    expect(Math.round((real?.amount ?? NaN) * 100)).toBe(running);
    expect(rows.at(-1)?.transactionType).toBe('SALDO');

    const pix = await call<Data<Row[]>>(sb.app, 'getReportStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: '2026-07-24', ending: '2026-11-21', isPix: true },
    });
    expect(pix.body.data.length).toBeGreaterThan(0);
    expect(pix.body.data.every((r) => r.transactionType !== 'SALDO')).toBe(true);
  });

  it('gives a receipt for each kind of movement, and 404 for another account’s transaction', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const st = (
      await call<Data<{ statement: Entry[] }>>(sb.app, 'getStatement', {
        token: maria.token,
        params: { accountId: maria.accountId },
        query: { start: '2026-07-24', ending: '2026-11-21' },
      })
    ).body.data.statement;
    const seen = new Set<string>();
    for (const entry of st) {
      const kind = entry.description.split(' - ')[0] ?? entry.description;
      if (seen.has(kind)) continue;
      seen.add(kind);
      const res = await call<Data<{ transactions: { transactionId: string; totalAmount: number } }>>(
        sb.app,
        'getTransactionDetail',
        {
          token: maria.token,
          params: {
            accountHolderId: maria.accountHolderId,
            accountId: maria.accountId,
            transactionId: entry.transactionId,
          },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.transactions.totalAmount).toBe(entry.amount);
    }
    expect(seen.size).toBeGreaterThan(8);

    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    const theirs = (
      await call<Data<{ statement: Entry[] }>>(sb.app, 'getStatement', {
        token: padaria.token,
        params: { accountId: padaria.accountId },
        query: { start: '2026-11-01', ending: '2026-11-21' },
      })
    ).body.data.statement.find((e) => e.description.startsWith('Pix recebido'));
    expect(theirs).toBeDefined();
    const res = await call(sb.app, 'getTransactionDetail', {
      token: maria.token,
      params: {
        accountHolderId: maria.accountHolderId,
        accountId: maria.accountId,
        transactionId: theirs?.transactionId ?? '',
      },
    });
    expect(res.status).toBe(404);
  });
});

describe('addresses', () => {
  it('lists, creates, updates and deletes', async () => {
    const maria = await login(sb.app, MARIA.username, MARIA.password);
    const params = { accountHolderId: maria.accountHolderId, accountId: maria.accountId };
    type Address = { addressId: string; addressOne: string; postalCode: string; mnemonic: string | null };
    const list = async () =>
      (
        await call<Data<{ addresses: Address[]; billingAddress: Address | null }>>(sb.app, 'listAddresses', {
          token: maria.token,
          params,
        })
      ).body.data;
    const initial = await list();
    expect(initial.addresses.length).toBeGreaterThanOrEqual(2);
    expect(initial.billingAddress).not.toBeNull();

    const input = {
      accountHolderId: maria.accountHolderId,
      accountId: maria.accountId,
      addressOne: 'Rua Oscar Freire',
      addressTwo: null,
      number: '10',
      neighborhood: 'Jardins',
      postalCode: '01426001',
      city: 'São Paulo',
      state: 'SP',
      country: 'BRA',
      mnemonic: 'Academia',
    };
    const created = await call<Data<Address>>(sb.app, 'createAddress', {
      token: maria.token,
      params,
      json: input,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.addressId;
    expect((await list()).addresses.map((a) => a.addressId)).toContain(id);

    const updated = await call<Data<Address>>(sb.app, 'updateAddress', {
      token: maria.token,
      params: { ...params, addressId: id },
      json: { ...input, number: '12' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.addressId).toBe(id);

    const mismatch = await call<Problem>(sb.app, 'createAddress', {
      token: maria.token,
      params,
      json: { ...input, accountId: DEMO_IDS.padaria.accountId },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0]?.field).toBe('accountId');

    const deleted = await call<Data<{ success: boolean }>>(sb.app, 'deleteAddress', {
      token: maria.token,
      params: { ...params, addressId: id },
    });
    expect(deleted.body.data.success).toBe(true);
    expect((await list()).addresses.map((a) => a.addressId)).not.toContain(id);
    const gone = await call(sb.app, 'deleteAddress', {
      token: maria.token,
      params: { ...params, addressId: id },
    });
    expect(gone.status).toBe(404);
  });
});

describe('passwords', () => {
  interface OutboxMail {
    to: string;
    subject: string;
    body: string;
  }
  const outbox = async (app = sb.app): Promise<OutboxMail[]> =>
    (await app.inject({ method: 'GET', url: '/sandbox/outbox.json' })).json<{ data: OutboxMail[] }>().data;
  // Tests that change a password get their own bank, so the shared one keeps the demo passwords.
  let own: TestSandbox;
  beforeEach(async () => {
    own = await startSandbox();
  });
  afterEach(async () => {
    await own.app.close();
  });
  const hashOf = (mail: OutboxMail | undefined) => /hash=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '';

  it('first access: 313, forced change without a token, then a normal login', async () => {
    const username = DEMO_USERS.firstAccess.email;
    const changed = await call<Data<{ success: boolean }>>(own.app, 'changePassword', {
      params: { username },
      json: { currentPassword: FIRST_ACCESS_PASSWORD, newPassword: 'nova1234' },
    });
    expect(changed.status).toBe(200);
    const session = await login(own.app, username, 'nova1234');
    expect(session.accountId).toBe(DEMO_IDS.firstAccess.accountId);
  });

  it('changePassword refuses a wrong current password, a weak one and the same one (422)', async () => {
    const maria = await login(own.app, MARIA.username, MARIA.password);
    const change = (currentPassword: string, newPassword: string) =>
      call<ApiError>(own.app, 'changePassword', {
        token: maria.token,
        params: { username: `BRA${DEMO_USERS.maria.taxId}` },
        json: { currentPassword, newPassword },
      });
    expect((await change('errada', 'valida123')).body.error?.code).toBe(21);
    expect((await change(DEMO_PASSWORD, 'semnumero')).body.error?.code).toBe(22);
    expect((await change(DEMO_PASSWORD, DEMO_PASSWORD)).body.error?.code).toBe(23);
    expect((await change(DEMO_PASSWORD, 'valida123')).status).toBe(200);
    await login(own.app, DEMO_USERS.maria.phone, 'valida123');
  });

  it('reset: e-mails a link, verifies it, saves the password once', async () => {
    const res = await call<Data<{ sent: boolean }>>(own.app, 'resetPassword', {
      query: { taxId: DEMO_USERS.padaria.taxId },
    });
    // The answer names no e-mail: it is the same for any tax id (issue #10).
    expect(res.body.data).toEqual({ sent: true });
    const mail = (await outbox(own.app)).find((m) => m.to === DEMO_USERS.padaria.email);
    expect(mail?.body).toContain('action=resetar-senha');
    const hash = hashOf(mail);

    const verified = await call<Data<{ valid: boolean; accountId?: string; taxId?: string }>>(
      own.app,
      'verifyAction',
      { params: { action: 'resetar-senha' }, json: { hash } },
    );
    expect(verified.body.data).toMatchObject({
      valid: true,
      accountId: DEMO_IDS.padaria.accountId,
      taxId: DEMO_USERS.padaria.taxId,
    });
    const wrongAction = await call<Data<{ valid: boolean }>>(own.app, 'verifyAction', {
      params: { action: 'primeiro-acesso' },
      json: { hash },
    });
    expect(wrongAction.body.data.valid).toBe(false);

    const weak = await call<ApiError>(own.app, 'savePassword', {
      json: { account_id: DEMO_IDS.padaria.accountId, pass: 'fraca', token: hash },
    });
    expect(weak.status).toBe(400);
    const saved = await call(own.app, 'savePassword', {
      json: { account_id: DEMO_IDS.padaria.accountId, pass: 'Forte@2026', token: hash },
    });
    expect(saved.status).toBe(200);
    await login(own.app, `BRA${DEMO_USERS.padaria.taxId}`, 'Forte@2026');
    const reused = await call<ApiError>(own.app, 'savePassword', {
      json: { account_id: DEMO_IDS.padaria.accountId, pass: 'Outra@2026', token: hash },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error?.code).toBe(30);
  });

  it('reset of an unknown tax id answers as for a customer, and e-mails nothing', async () => {
    const before = (await outbox()).length;
    const res = await call<Data<{ sent: boolean }>>(sb.app, 'resetPassword', {
      query: { taxId: '12345678909' },
    });
    expect(res.body.data).toEqual({ sent: true });
    expect((await outbox()).length).toBe(before);
  });

  it('the first-access user has a create-password link in the outbox', async () => {
    const mail = (await outbox()).find((m) => m.to === DEMO_USERS.firstAccess.email);
    expect(mail?.body).toContain('action=primeiro-acesso');
    const res = await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
      params: { action: 'primeiro-acesso' },
      json: { hash: hashOf(mail) },
    });
    expect(res.body.data.valid).toBe(true);
  });
});

describe('unimplemented operations', () => {
  it('answer 501 problem+json naming the operationId', async () => {
    const doc = structuredClone(contract.document);
    const paths = doc.paths as Record<string, unknown>;
    paths['/not-yet'] = {
      get: { operationId: 'notYetImplemented', security: [], responses: { '200': { description: 'ok' } } },
    };
    const { Contract } = await import('./contract/contract.ts');
    const local = await startSandbox({ contract: new Contract(doc) });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/not-yet' });
      expect(res.statusCode).toBe(501);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ detail: string }>().detail).toBe(
        'not implemented in the sandbox yet: notYetImplemented',
      );
    } finally {
      await local.app.close();
    }
  });

  // An operation without a handler would answer 501 (the test above); since the merge of the
  // devices, vaults and Saque/Troco branches (2026-11-28) every operation has one.
  it('every operation of the contract has a handler', () => {
    const unhandled = contract.operations.map((op) => op.operationId).filter((id) => !(id in HANDLERS));
    expect(unhandled).toEqual([]);
  });

  it('every operation of the contract is routed (implemented or 501)', async () => {
    for (const op of contract.operations) {
      expect(
        sb.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url: `/api${op.routePath}` }),
        op.operationId,
      ).toBe(true);
    }
  });
});

describe('coverage', () => {
  // Runs last in this file: every call above went through `call`, which checked the contract.
  it('answered 200 with contract-valid data for every call of 1-access-shell-statement.md §7', () => {
    const ops = operationsOfSpec('1-access-shell-statement.md §7');
    expect(ops.length).toBeGreaterThanOrEqual(21);
    const missing = ops.filter((id) => !answered.get(id)?.has(200));
    expect(missing).toEqual([]);
  });
});
