/**
 * Representative statements for the readers, shaped as the sandbox bank sends its report
 * (sandbox/routes/statement.ts: SALDO ANTERIOR at the period's first second, the movements, a
 * SALDO DO DIA at 23:59:59 of each day with movements) and with additionalInfo JSON in the forms
 * sandbox/sim/movements.ts writes: Pix, TED, bill, top-up, boleto deposit, fee, free text.
 */
import type { ExportedStatementRow, StatementExport } from '../../src/export/types';

export interface Movement {
  /** `DD/MM/YYYY HH:mm:ss`, São Paulo. */
  at: string;
  type: 'C' | 'D';
  description: string;
  amount: number;
  id: string | null;
  info?: unknown;
}

const day = (at: string): string => at.slice(0, 10);

/** The report rows of a period: opening balance, movements, and each day's closing balance. */
export function report(
  startDdMmYyyy: string,
  openingCents: number,
  movements: readonly Movement[],
): ExportedStatementRow[] {
  const rows: ExportedStatementRow[] = [
    {
      transactionDate: `${startDdMmYyyy} 00:00:00`,
      transactionType: 'SALDO',
      description: 'SALDO ANTERIOR',
      additionalInfo: null,
      amount: openingCents / 100,
      transactionId: null,
    },
  ];
  let balance = openingCents;
  movements.forEach((m, i) => {
    const cents = Math.round(m.amount * 100);
    balance += m.type === 'C' ? cents : -cents;
    rows.push({
      transactionDate: m.at,
      transactionType: m.type,
      description: m.description,
      additionalInfo:
        m.info === undefined ? null : typeof m.info === 'string' ? m.info : JSON.stringify(m.info),
      amount: m.amount,
      transactionId: m.id,
    });
    const next = movements[i + 1];
    if (!next || day(next.at) !== day(m.at)) {
      rows.push({
        transactionDate: `${day(m.at)} 23:59:59`,
        transactionType: 'SALDO',
        description: 'SALDO DO DIA',
        additionalInfo: null,
        amount: balance / 100,
        transactionId: null,
      });
    }
  });
  return rows;
}

const withdraw = (withdrawType: string, ext: string, amount: number, info: Record<string, unknown>) => ({
  body: {
    currency: 'BRL',
    externalIdentifier: ext,
    totalAmount: amount,
    withdrawInfo: { withdrawType, ...info },
  },
});

export const PIX_OUT_INFO = withdraw('InstantPayment', 'seed-000101', 350, {
  instantPayment: {
    type: 'withdraw',
    endToEndId: 'E18236120202611171230abc12def345',
    sender: { name: 'Maria Silva Santos' },
    recipient: {
      name: 'Fernanda Rodrigues Albuquerque',
      nameFavored: 'Fernanda Rodrigues Albuquerque',
      taxIdentifier: { taxId: '39053344705' },
      key: 'fernanda.albuquerque@exemplo.com.br',
    },
    additionalInformation: 'Aluguel de novembro',
  },
});

export const TED_OUT_INFO = withdraw('BankTransfer', 'seed-000102', 1200.5, {
  bankTransfer: {
    name: 'Ana Costa',
    taxIdentifier: { country: 'BRA', taxId: '11144477735' },
    bankDestination: '341',
    bankDestinationName: 'Itaú Unibanco',
    branchDestination: '1234',
    accountDestination: '56789-0',
    accountTypeDestination: 'cc',
  },
});

export const BILL_INFO = withdraw('Boleto', 'seed-000103', 189.9, {
  boleto: {
    beneficiaryName: 'Companhia de Energia Elétrica',
    beneficiaryTaxId: '11222333000181',
    barcode: '34191790010104351004791020150008291070026000',
    digitableLine: '34191.79001 01043.510047 91020.150008 2 91070026000',
    dueDate: '2026-11-20',
    totalAmount: 189.9,
    totalCharged: 189.9,
  },
});

export const TOPUP_INFO = {
  requestBody: {
    areaCode: '11',
    operatorId: 1,
    operatorName: 'Vivo',
    mobilePhone: { country: 'BRA', phoneNumber: '987654321' },
    paymentType: 'MobilePhone',
    totalAmount: 30,
  },
};

export const PIX_IN_INFO = {
  body: {
    withdrawInfo: {
      instantPayment: {
        type: 'deposit',
        endToEndId: 'E00000000202611181015xyz98765432',
        sender: { name: 'João Pereira Lima' },
        recipient: { name: 'Maria Silva Santos', taxIdentifier: { taxId: '52998224725' } },
        additionalInformation: '',
      },
    },
  },
};

const MARIA = {
  account: '123456',
  branch: '0001',
  name: 'Maria Silva Santos',
  taxId: '52998224725',
} as const;

/** A past week of Maria's: Pix out and in, TED, bill, top-up, fee; accents in every kind. */
export function mariaPastWeek(): StatementExport {
  return {
    account: MARIA,
    period: { start: '2026-11-14', end: '2026-11-21' },
    generatedAt: new Date('2026-11-23T13:00:00Z'),
    rows: report('14/11/2026', 2_256_237, [
      {
        at: '17/11/2026 12:30:00',
        type: 'D',
        description: 'Pix enviado - Fernanda Rodrigues Albuquerque',
        amount: 350,
        id: '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f',
        info: PIX_OUT_INFO,
      },
      {
        at: '17/11/2026 15:02:10',
        type: 'D',
        description: 'TED enviada - Ana Costa',
        amount: 1200.5,
        id: '0b7e9f10-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
        info: TED_OUT_INFO,
      },
      {
        at: '18/11/2026 10:15:00',
        type: 'C',
        description: 'Pix recebido - João Pereira Lima',
        amount: 2500,
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-e0f1a2b3c4d5',
        info: PIX_IN_INFO,
      },
      {
        at: '19/11/2026 09:00:00',
        type: 'D',
        description: 'Pagamento de conta - Companhia de Energia Elétrica',
        amount: 189.9,
        id: 'c0ffee00-1234-4abc-9def-0123456789ab',
        info: BILL_INFO,
      },
      {
        at: '20/11/2026 18:45:00',
        type: 'D',
        description: 'Recarga de celular - Vivo',
        amount: 30,
        id: 'deadbeef-0000-4111-8222-333344445555',
        info: TOPUP_INFO,
      },
      {
        at: '21/11/2026 07:00:00',
        type: 'D',
        description: 'Tarifa de manutenção de conta',
        amount: 12.9,
        id: 'fee00000-aaaa-4bbb-8ccc-dddddddddddd',
        info: { body: { fee: { label: 'Tarifa de manutenção de conta' } } },
      },
    ]),
  };
}

/**
 * The last 7 days ending today, exported at 15:00 São Paulo time: today's day-end line is dated
 * 23:59:59, after the export (the case where LEDGERBAL used to lose today's movements).
 */
export function mariaEndingToday(): StatementExport {
  return {
    account: MARIA,
    period: { start: '2026-11-17', end: '2026-11-23' },
    generatedAt: new Date('2026-11-23T18:00:00Z'),
    rows: report('17/11/2026', 2_256_237, [
      {
        at: '21/11/2026 11:00:00',
        type: 'C',
        description: 'Pix recebido - João Pereira Lima',
        amount: 100,
        id: 'E00000000202611211400xyz98765432',
        info: PIX_IN_INFO,
      },
      {
        at: '23/11/2026 09:12:00',
        type: 'D',
        description: 'Pix enviado - Fernanda Rodrigues Albuquerque',
        amount: 202.06,
        id: 'E18236120202611231212abc12def345',
        info: PIX_OUT_INFO,
      },
      {
        at: '23/11/2026 10:30:00',
        type: 'D',
        description: 'Pagamento de boleto - Condomínio Edifício São João',
        amount: 100,
        id: 'E18236120202611231330abc12def399',
        info: BILL_INFO,
      },
    ]),
  };
}

/** The company: alphanumeric CNPJ, long names, hostile text (formulas, `& < >`), free-text info. */
export function padariaMonth(): StatementExport {
  return {
    account: { account: '234567', branch: '0001', name: 'Padaria Pão Dourado Ltda', taxId: '12ABC34501DE35' },
    period: { start: '2026-10-01', end: '2026-10-31' },
    generatedAt: new Date('2026-11-02T12:00:00Z'),
    rows: report('01/10/2026', 1_000_000, [
      {
        at: '02/10/2026 08:00:00',
        type: 'C',
        description: 'Pix recebido - Associação Beneficente dos Padeiros de São José dos Campos',
        amount: 4321.09,
        id: 'E99999999202610021100aaaaaaaaaaa',
        info: PIX_IN_INFO,
      },
      {
        at: '02/10/2026 09:00:00',
        type: 'D',
        description: '=HYPERLINK("http://exemplo.invalid","clique")',
        amount: 1,
        id: 'f0f0f0f0-1111-4222-8333-444455556666',
        info: 'Débito avulso: ajuste & conferência <manual>',
      },
      {
        at: '15/10/2026 13:33:33',
        type: 'D',
        description: '+55 Pagamento de fornecedor — Açúcar & Cia',
        amount: 987.65,
        id: '12345678-9abc-4def-8123-456789abcdef',
        info: TED_OUT_INFO,
      },
      {
        at: '31/10/2026 23:00:00',
        type: 'C',
        description: 'Depósito por boleto',
        amount: 750,
        id: '99999999-8888-4777-8666-555544443333',
        info: {
          body: {
            currency: 'BRL',
            totalAmount: 750,
            paymentInfo: {
              transactionType: 'Boleto',
              boleto: {
                typeableLine: '00190000090123456789012345678901234567890123456',
                dueDate: '2026-10-31',
              },
            },
          },
        },
      },
    ]),
  };
}

/** Many rows over several pages of the PDF, as a busy month looks. */
export function busyMonth(count = 400): StatementExport {
  const movements: Movement[] = [];
  for (let i = 0; i < count; i++) {
    const d = 1 + Math.floor(i / (count / 28));
    const minutes = 8 * 60 + (i % 40) * 7;
    const at = `${String(d).padStart(2, '0')}/10/2026 ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    const debit = i % 3 !== 0;
    movements.push({
      at,
      type: debit ? 'D' : 'C',
      description: debit ? `Pix enviado - Fornecedor nº ${i} São Bento` : `Pix recebido - Cliente nº ${i}`,
      amount: ((i * 7919) % 50_000) / 100 + 1,
      id: `${String(i).padStart(8, '0')}-0000-4000-8000-${String(i * 7).padStart(12, '0')}`,
      info: debit ? PIX_OUT_INFO : PIX_IN_INFO,
    });
  }
  return {
    account: MARIA,
    period: { start: '2026-10-01', end: '2026-10-31' },
    generatedAt: new Date('2026-11-05T12:00:00Z'),
    rows: report('01/10/2026', 5_000_000, movements),
  };
}

export const STATEMENTS: ReadonlyArray<{ name: string; data: () => StatementExport }> = [
  { name: 'Maria, a past week', data: mariaPastWeek },
  { name: 'Maria, a period ending today', data: mariaEndingToday },
  { name: 'the company, a month with long and hostile texts', data: padariaMonth },
  { name: 'a busy month over many pages', data: busyMonth },
];
