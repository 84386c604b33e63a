import { describe, expect, it } from 'vitest';
import { addDays, localDate } from './sim/dates.ts';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './routes/infractions.ts';
import {
  call,
  databaseSnapshot,
  FIXED_NOW,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Infraction reports (issue 17): on a Pix sent (8011) within 80 days, one OPEN per payment
 * (ALREADY_EXISTS), files by content and size, cancel, the MED list; refusals write nothing.
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const errorOf = (res: { body: unknown }) => (res.body as Failure).error;
const DAY = 86_400_000;

interface Entry {
  historyCode: string;
  endToEndId: string;
  creditDate: string;
  description: string;
}

async function pixEntries(who: Session) {
  const res = await call<{ data: { statement: Entry[] } }>(sb.app, 'getPixStatement', {
    token: who.token,
    params: { accountId: who.accountId },
    query: { start: addDays(localDate(sb.clock.now), -120), ending: localDate(sb.clock.now) },
  });
  return res.body.data.statement;
}

/** The seeded recent Pix sent to an online shop (12 days before FIXED_NOW). */
async function recentPixSent(): Promise<Entry> {
  const e = (await pixEntries(maria)).find((x) => /Loja Virtual Ofertas/.test(x.description));
  if (!e) throw new Error('no seeded Pix sent to report');
  return e;
}

const report = (who: Session, e2e: string, o: { id?: string; description?: string } = {}) =>
  call<{ data: { idInfraction: number } } & Failure>(sb.app, 'createInfraction', {
    token: who.token,
    params: { accountId: who.accountId },
    json: {
      infractionE2E: e2e,
      infractionType: 'FRAUD',
      infractionDescription: o.description ?? 'Comprei e não recebi o produto',
      ...(o.id ? { externalIdentifier: o.id } : {}),
    },
  });

function multipart(infractionId: number, fileName: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = 'recvbankBoundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="infractionId"\r\n\r\n${infractionId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const attach = (who: Session, id: number, name: string, bytes: Buffer) =>
  call<{ data: { idAttachment: number; contentType: string; size: number } } & Failure>(
    sb.app,
    'attachInfractionFile',
    { token: who.token, raw: multipart(id, name, bytes) },
  );

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);

describe('an infraction report', () => {
  it('opens on a Pix sent, takes files, and a second report of it is ALREADY_EXISTS', async () => {
    const sent = await recentPixSent();
    const created = await report(maria, sent.endToEndId);
    expect(created.status).toBe(200);
    const id = created.body.data.idInfraction;
    const open = await call<{ data: { infractionStatus: string; idInfraction: number } | null }>(
      sb.app,
      'getOpenInfraction',
      { token: maria.token, params: { pixId: sent.endToEndId } },
    );
    expect(open.body.data).toMatchObject({ idInfraction: id, infractionStatus: 'OPEN' });
    const snapshot = databaseSnapshot(sb.app);
    expect(errorOf(await report(maria, sent.endToEndId))).toMatchObject({ group: 'PIXRECV', code: 100 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);

    const first = await attach(maria, id, 'print.png', PNG);
    expect(first.body.data).toMatchObject({ contentType: 'image/png' });
    // The same name and bytes again (a retry after a lost answer): the stored file, no copy.
    const stored = databaseSnapshot(sb.app);
    const again = await attach(maria, id, 'print.png', PNG);
    expect(again.body.data).toEqual(first.body.data);
    expect(databaseSnapshot(sb.app)).toBe(stored);
    expect((await attach(maria, id, 'boleto.pdf', PDF)).body.data).toMatchObject({
      contentType: 'application/pdf',
    });
    // The type is read from the bytes, not from the name.
    expect((await attach(maria, id, 'foto.pdf', JPEG)).body.data).toMatchObject({
      contentType: 'image/jpeg',
    });
    const before = databaseSnapshot(sb.app);
    expect(errorOf(await attach(maria, id, 'nota.png', Buffer.from('just text')))).toMatchObject({
      code: 102,
    });
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1 - PDF.length, 0x20)]);
    expect(errorOf(await attach(maria, id, 'grande.pdf', big))).toMatchObject({ code: 103 });
    expect(databaseSnapshot(sb.app)).toBe(before);
    const exact = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES - PDF.length, 0x20)]);
    expect((await attach(maria, id, 'limite.pdf', exact)).status).toBe(200);
    expect((await attach(maria, id, 'cinco.png', PNG)).status).toBe(200);
    expect(errorOf(await attach(maria, id, 'seis.png', PNG))).toMatchObject({ code: 104 });
    // Another customer cannot touch it.
    expect((await attach(padaria, id, 'x.png', PNG)).status).toBe(404);

    const list = await call<{ data: { idInfraction: number; attachments: unknown[] }[] }>(
      sb.app,
      'listInfractions',
      {
        token: maria.token,
        params: { accountId: maria.accountId },
      },
    );
    expect(list.body.data.find((i) => i.idInfraction === id)?.attachments).toHaveLength(MAX_ATTACHMENTS);
  });

  it('file names follow the text rules of every field: control, bidi and NUL refused; long ones cut by code points (issue 27)', async () => {
    const sent = await recentPixSent();
    const id = (await report(maria, sent.endToEndId)).body.data.idInfraction;
    const snapshot = databaseSnapshot(sb.app);
    for (const name of [
      'fatura\u202Efdp.exe\u0007\u001b.png',
      'nota\u0000.png',
      'a\u2066b.png',
      'tab\there.png',
    ]) {
      const res = await attach(maria, id, name, PNG);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/"field":"file"/);
      // Nothing of the name comes back (JSON would escape a control character as \u00XX).
      const text = JSON.stringify(res.body);
      expect(text.includes('\u202e') || /\\u00[01][0-9a-f]/i.test(text)).toBe(false);
    }
    expect(databaseSnapshot(sb.app)).toBe(snapshot);

    // 300 emoji (600 UTF-16 units): cut to 255 code points, never inside a pair; the listing
    // passes the contract (call checks every answer against it).
    const long = `${'\u{1F4C4}'.repeat(300)}.pdf`;
    const stored = await call<{ data: { fileName: string } }>(sb.app, 'attachInfractionFile', {
      token: maria.token,
      raw: multipart(id, long, PDF),
    });
    expect(stored.status).toBe(200);
    expect(Array.from(stored.body.data.fileName)).toHaveLength(255);
    expect(stored.body.data.fileName).toBe('\u{1F4C4}'.repeat(255));

    // A name stored before the rule is never echoed with its control characters.
    sb.app.sandbox.db
      .prepare('UPDATE infraction_files SET file_name = ? WHERE infraction_id = ?')
      .run('fatura\u202Efdp.exe\u0007\u0000', id);
    const list = await call<{ data: { idInfraction: number; attachments: { fileName: string }[] }[] }>(
      sb.app,
      'listInfractions',
      { token: maria.token, params: { accountId: maria.accountId } },
    );
    const names = list.body.data.find((i) => i.idInfraction === id)?.attachments.map((a) => a.fileName);
    expect(names).toEqual(['fatura_fdp.exe__']);
  });

  it('cancel makes it CANCELLED (again: the same answer); then no files, and a new report may open', async () => {
    const sent = await recentPixSent();
    const id = (await report(maria, sent.endToEndId)).body.data.idInfraction;
    const cancel = () =>
      call<{ data: { infractionStatus: string } } & Failure>(sb.app, 'cancelInfraction', {
        token: maria.token,
        params: { idInfraction: id },
      });
    expect((await cancel()).body.data.infractionStatus).toBe('CANCELLED');
    expect((await cancel()).body.data.infractionStatus).toBe('CANCELLED');
    expect(
      (await call(sb.app, 'cancelInfraction', { token: padaria.token, params: { idInfraction: id } })).status,
    ).toBe(404);
    expect(errorOf(await attach(maria, id, 'tarde.png', PNG))).toMatchObject({ code: 101 });
    expect(
      (
        await call<{ data: unknown }>(sb.app, 'getOpenInfraction', {
          token: maria.token,
          params: { pixId: sent.endToEndId },
        })
      ).body.data,
    ).toBeNull();
    expect((await report(maria, sent.endToEndId)).status).toBe(200);
  });

  it('a replay with the same externalIdentifier answers the first infraction', async () => {
    const sent = await recentPixSent();
    const a = await report(maria, sent.endToEndId, { id: 'med-1' });
    const b = await report(maria, sent.endToEndId, { id: 'med-1' });
    expect(b.body.data.idInfraction).toBe(a.body.data.idInfraction);
    expect(
      errorOf(await report(maria, sent.endToEndId, { id: 'med-1', description: 'Outro texto aqui' })),
    ).toMatchObject({
      code: 93,
    });
  });

  it('refuses, writing nothing: a Pix received (97), past 80 days (98), unknown (404), a short description', async () => {
    const entries = await pixEntries(maria);
    const received = entries.find((e) => e.historyCode === '8020');
    if (!received) throw new Error('no Pix received');
    const sent = await recentPixSent();
    const snapshot = databaseSnapshot(sb.app);
    expect(errorOf(await report(maria, received.endToEndId))).toMatchObject({ group: 'PIXRECV', code: 97 });
    expect(errorOf(await report(maria, 'E99999999202601010000AAAAAAAAAAA'))).toMatchObject({ code: 404 });
    expect(errorOf(await report(padaria, sent.endToEndId))).toMatchObject({ code: 404 });
    expect(errorOf(await report(maria, sent.endToEndId, { description: '   ab   ' }))).toMatchObject({
      group: 'TRANSFER',
      code: 54,
    });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    // Booked 12 days before FIXED_NOW: day 80 is the last (São Paulo calendar).
    const booked = sent.creditDate.slice(0, 10);
    const at80 = new Date(Date.parse(`${addDays(booked, 80)}T12:00:00-03:00`));
    expect(at80.getTime()).toBeGreaterThan(FIXED_NOW.getTime() + 60 * DAY);
    sb.clock.now = new Date(Date.parse(`${addDays(booked, 81)}T00:30:00-03:00`));
    await maria.signIn();
    const late = databaseSnapshot(sb.app);
    expect(errorOf(await report(maria, sent.endToEndId))).toMatchObject({ code: 98 });
    expect(databaseSnapshot(sb.app)).toBe(late);
    sb.clock.now = at80;
    await maria.signIn();
    expect((await report(maria, sent.endToEndId)).status).toBe(200);
  });
});

describe('the MED list', () => {
  it('shows a report received from another institution (not cancellable) and an old one, closed', async () => {
    const list = await call<{
      data: { idInfraction: number; infractionStatus: string; infractionReportParticipant?: string }[];
    }>(sb.app, 'listInfractions', { token: maria.token, params: { accountId: maria.accountId } });
    const received = list.body.data.find((i) => i.infractionStatus === 'ANALYSIS');
    expect(received?.infractionReportParticipant).not.toBe('99999999');
    expect(list.body.data.some((i) => i.infractionStatus === 'CLOSED')).toBe(true);
    const snapshot = databaseSnapshot(sb.app);
    const cancel = await call(sb.app, 'cancelInfraction', {
      token: maria.token,
      params: { idInfraction: received?.idInfraction ?? 0 },
    });
    expect(errorOf(cancel)).toMatchObject({ group: 'PIXRECV', code: 101 });
    expect((await attach(maria, received?.idInfraction ?? 0, 'x.png', PNG)).status).toBe(404);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });
});
