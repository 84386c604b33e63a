/**
 * machines/pix/pix-send-manual.machine.ts beyond its generated paths: each step's rule refuses what
 * §5 refuses (the guards' false outcomes, kept out of the catalog so that they cost no browser
 * path), the same-ownership shortcut fills the holder's name and tax id and Back from step 4 goes
 * to step 1, and the withdraw built on step 8 is the manual pacs.008 the bank checks (MANU, no key,
 * account number with its digit, the ids from the attempt's externalIdentifier).
 */
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../../machines/kernel/ids';
import type {
  ListPspsInput,
  ListPspsOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from '../../machines/pix/pix-send-calls';
import {
  pixSendManualMachine,
  sortInstitutions,
  type PixSendManualEvent,
  type PixSendManualInput,
} from '../../machines/pix/pix-send-manual.machine';

const PSPS: ListPspsOutput = {
  psps: [
    { id: '99999999', name: 'Banco Sandbox S.A.' },
    { id: '18236120', name: 'Nu Pagamentos S.A.' },
    { id: '60701190', name: 'Itaú Unibanco S.A.' },
    { id: '00000000', name: 'Banco do Brasil S.A.' },
  ],
};

const input: PixSendManualInput = {
  accountId: '1001',
  holder: { name: 'Maria Silva Santos', taxId: '52998224725', branch: '0001', accountNumber: '123456' },
  ownIspb: '99999999',
  newId: sequentialIds('ext'),
  now: () => new Date('2026-11-24T15:04:00Z'),
};

function start() {
  const machine = pixSendManualMachine.provide({
    actors: {
      listPsps: fromPromise<ListPspsOutput, ListPspsInput>(async () => PSPS),
    },
  });
  return createActor(machine, { input: { ...input, newId: sequentialIds('ext') } }).start();
}

const flush = () => new Promise((r) => setTimeout(r, 0));
type Snap = SnapshotFrom<typeof pixSendManualMachine>;
const at = (s: Snap) => JSON.stringify(s.value);

async function send(actor: ReturnType<typeof start>, ...events: PixSendManualEvent[]) {
  for (const e of events) {
    actor.send(e);
    await flush();
  }
}

const TO_ACCOUNT: PixSendManualEvent[] = [
  { type: 'institution.choose', ispb: '18236120' },
  { type: 'accountType.choose', accountType: 'POUPANCA' },
  { type: 'agency.submit', agency: '0001' },
  { type: 'account.submit', account: '481516', digit: '2' },
];

describe('pix-send-manual: each step refuses what §5 refuses', () => {
  const cases: { reach: PixSendManualEvent[]; refused: PixSendManualEvent; state: string }[] = [
    { reach: [], refused: { type: 'name.submit', name: 'Rafa   ' }, state: '"recipientName"' },
    { reach: [], refused: { type: 'name.submit', name: '' }, state: '"recipientName"' },
    {
      reach: [{ type: 'name.submit', name: 'Rafael Costa Lima' }],
      refused: { type: 'document.submit', document: '315.724.680-00' },
      state: '"recipientDocument"',
    },
    {
      reach: [{ type: 'name.submit', name: 'Rafael Costa Lima' }],
      refused: { type: 'document.submit', document: '315724680' },
      state: '"recipientDocument"',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
      ],
      refused: { type: 'institution.choose', ispb: '12345678' },
      state: '{"institution":"choosing"}',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        TO_ACCOUNT[0]!,
      ],
      refused: { type: 'accountType.choose', accountType: 'CACC' },
      state: '"accountType"',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT.slice(0, 2),
      ],
      refused: { type: 'agency.submit', agency: '1' },
      state: '"agency"',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT.slice(0, 3),
      ],
      refused: { type: 'account.submit', account: '4', digit: '2' },
      state: '"account"',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT.slice(0, 3),
      ],
      refused: { type: 'account.submit', account: '481516', digit: '123' },
      state: '"account"',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT,
      ],
      refused: { type: 'amount.submit', amount: '0,00', description: '' },
      state: '{"editing":"idle"}',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT,
      ],
      refused: { type: 'amount.submit', amount: '10,00', description: 'x'.repeat(141) },
      state: '{"editing":"idle"}',
    },
    {
      reach: [
        { type: 'name.submit', name: 'Rafael Costa Lima' },
        { type: 'document.submit', document: '315.724.680-17' },
        ...TO_ACCOUNT,
      ],
      refused: { type: 'amount.submit', amount: '1.000.000.000,00', description: '' },
      state: '{"editing":"idle"}',
    },
  ];
  for (const c of cases) {
    it(`${c.refused.type} ${JSON.stringify(c.refused).slice(0, 60)} stays on ${c.state}`, async () => {
      const actor = start();
      await send(actor, { type: 'ownership.choose', same: false }, ...c.reach);
      expect(at(actor.getSnapshot())).toBe(c.state);
      const before = actor.getSnapshot().context.data;
      await send(actor, c.refused);
      expect(at(actor.getSnapshot())).toBe(c.state);
      expect(actor.getSnapshot().context.data).toEqual(before);
    });
  }
});

describe('pix-send-manual: the same-ownership shortcut (§2)', () => {
  it('yes skips to step 4 and pays the holder; Back from step 4 returns to step 1', async () => {
    const actor = start();
    await send(actor, { type: 'ownership.choose', same: true });
    expect(at(actor.getSnapshot())).toBe('{"institution":"choosing"}');
    await send(actor, { type: 'step.back' });
    expect(at(actor.getSnapshot())).toBe('"ownership"');
    await send(actor, { type: 'ownership.choose', same: true }, ...TO_ACCOUNT, {
      type: 'amount.submit',
      amount: '1.234,56',
      description: ' Reserva ',
    });
    const c = actor.getSnapshot().context;
    expect(at(actor.getSnapshot())).toBe('"confirming"');
    const pacs = c.request?.payments[0];
    expect(pacs?.creditor).toEqual({ name: 'Maria Silva Santos', taxId: '52998224725' });
    expect(pacs?.debtor).toEqual({ name: 'Maria Silva Santos', taxId: '52998224725' });
    expect(pacs?.localInstrument).toBe('MANU');
    expect(pacs?.proxy).toBeUndefined();
    expect(pacs?.creditorAgent.ispb).toBe('18236120');
    expect(pacs?.creditorAccount).toEqual({ branch: '0001', number: '4815162', type: 'SVGS' });
    expect(pacs?.amount).toEqual({ value: 1234.56, currency: 'BRL' });
    expect(pacs?.remittanceInformation).toBe('Reserva');
    expect(pacs?.endToEndId).toMatch(/^E99999999202611241504[a-zA-Z0-9]{11}$/);
    expect(c.request?.withdraw.externalIdentifier).toBe('ext-1');
    expect(c.request?.withdraw.withdrawInfo).toMatchObject({
      withdrawType: 'InstantPayment',
      instantPayment: { localInstrument: 'MANU', endToEndId: pacs?.endToEndId },
    });
    expect(c.signature).toBe(c.request?.withdraw.STransactionId);
  });

  it('no after yes asks the name and the document, empty', async () => {
    const actor = start();
    await send(actor, { type: 'ownership.choose', same: true }, { type: 'step.back' });
    await send(actor, { type: 'ownership.choose', same: false });
    expect(at(actor.getSnapshot())).toBe('"recipientName"');
    expect(actor.getSnapshot().context.data).toMatchObject({ sameOwnership: false, name: '', document: '' });
  });

  it('a typed recipient is sent with the document without its mask; Back walks the steps in order', async () => {
    const actor = start();
    await send(
      actor,
      { type: 'ownership.choose', same: false },
      { type: 'name.submit', name: '  Rafael   Costa Lima ' },
      { type: 'document.submit', document: '315.724.680-17' },
      ...TO_ACCOUNT,
    );
    const trail: string[] = [];
    for (let i = 0; i < 7; i++) {
      await send(actor, { type: 'step.back' });
      trail.push(at(actor.getSnapshot()));
    }
    expect(trail).toEqual([
      '"account"',
      '"agency"',
      '"accountType"',
      '{"institution":"choosing"}',
      '"recipientDocument"',
      '"recipientName"',
      '"ownership"',
    ]);
    await send(
      actor,
      { type: 'ownership.choose', same: false },
      { type: 'name.submit', name: '  Rafael   Costa Lima ' },
      { type: 'document.submit', document: '315.724.680-17' },
      ...TO_ACCOUNT,
      { type: 'amount.submit', amount: '25,50', description: '' },
    );
    const pacs = actor.getSnapshot().context.request?.payments[0];
    expect(pacs?.creditor).toEqual({ name: 'Rafael Costa Lima', taxId: '31572468017' });
    expect(pacs?.remittanceInformation).toBeUndefined();
  });
});

describe('pix-send-manual: the institution list', () => {
  it('is sorted by name as a Brazilian reader sorts it', () => {
    expect(sortInstitutions(PSPS.psps).map((p) => p.name)).toEqual([
      'Banco do Brasil S.A.',
      'Banco Sandbox S.A.',
      'Itaú Unibanco S.A.',
      'Nu Pagamentos S.A.',
    ]);
  });
});

describe('pix-send-manual: a rejected Pix can be corrected and sent again (issue 32 item 3)', () => {
  function startPaying(reason: string) {
    let e2e = 0;
    const machine = pixSendManualMachine.provide({
      actors: {
        listPsps: fromPromise<ListPspsOutput, ListPspsInput>(async () => PSPS),
        // The child machines, played by promises with their outputs (the real ones are tested apart).
        securityCode: fromPromise(async () => ({ confirmationToken: 'conf-token' })) as never,
        createPixWithdrawal: fromPromise<PixWithdrawalOutput, PixWithdrawalInput>(async () => ({
          success: true,
          transactionId: 'tx-1',
          endToEndId: `E99999999202611241504000000000${++e2e}`,
        })),
        pixSettlement: fromPromise(async () => ({
          outcome: 'rejected' as const,
          transactionId: 'tx-1',
          status: 'RJCT',
          reason,
        })) as never,
      },
    });
    return createActor(machine, { input: { ...input, newId: sequentialIds('ext') } }).start();
  }

  const PAY: PixSendManualEvent[] = [
    { type: 'ownership.choose', same: false },
    { type: 'name.submit', name: 'Rafael Costa Lima' },
    { type: 'document.submit', document: '315.724.680-17' },
    ...TO_ACCOUNT,
    { type: 'amount.submit', amount: '25,50', description: 'Aluguel' },
    { type: 'confirm.accept' },
  ];

  it('AC03 goes back to the account step with every field kept, and the new attempt has new ids', async () => {
    const actor = startPaying('AC03 - Conta do recebedor inexistente ou inválida.');
    await send(actor, ...PAY);
    await flush();
    expect(at(actor.getSnapshot())).toBe('{"result":"rejected"}');
    const first = actor.getSnapshot().context.request?.withdraw.externalIdentifier;
    await send(actor, { type: 'result.correct' });
    const s = actor.getSnapshot();
    expect(at(s)).toBe('"account"');
    expect(s.context.data).toMatchObject({
      name: 'Rafael Costa Lima',
      document: '315.724.680-17',
      ispb: '18236120',
      accountType: 'POUPANCA',
      agency: '0001',
      account: '481516',
      digit: '2',
      amount: '25,50',
      description: 'Aluguel',
    });
    expect(s.context).toMatchObject({ settlement: null, endToEndId: null, confirmationToken: null });
    await send(
      actor,
      { type: 'account.submit', account: '481517', digit: '0' },
      { type: 'amount.submit', amount: '25,50', description: 'Aluguel' },
    );
    const again = actor.getSnapshot().context.request?.withdraw.externalIdentifier;
    expect(again).toBeDefined();
    expect(again).not.toBe(first);
  });

  it('a time-out (AB03) goes back to the amount step, to send the same data again', async () => {
    const actor = startPaying('AB03 - Tempo esgotado: a instituição do recebedor não respondeu.');
    await send(actor, ...PAY);
    await flush();
    expect(at(actor.getSnapshot())).toBe('{"result":"rejected"}');
    await send(actor, { type: 'result.correct' });
    expect(at(actor.getSnapshot())).toBe('{"editing":"idle"}');
    expect(actor.getSnapshot().context.data.amount).toBe('25,50');
  });
});
