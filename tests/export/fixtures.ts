import type { ExportedStatementRow, StatementExport } from '../../src/export/types';

/** 2026-11-21 15:00:00 in São Paulo. */
export const GENERATED_AT = new Date('2026-11-21T18:00:00Z');

/**
 * Contract-shaped rows (DD/MM/YYYY HH:mm:ss, São Paulo time), except the boleto line, which uses
 * an RFC 3339 instant to show the writers accept that form too.
 */
export const ROWS: ExportedStatementRow[] = [
  {
    transactionDate: '14/11/2026 00:00:00',
    transactionType: 'SALDO',
    description: 'Saldo anterior',
    additionalInfo: null,
    amount: 1000,
    transactionId: null,
  },
  {
    transactionDate: '14/11/2026 10:15:30',
    transactionType: 'C',
    description: 'Pix recebido de João & Filhos <Ltda>',
    additionalInfo: '{"instantPayment":{"sender":"João"}}',
    amount: 250.5,
    transactionId: 'E9040088820261114131500123873170',
  },
  {
    transactionDate: '2026-11-15T11:00:00Z',
    transactionType: 'D',
    description: 'Pagamento de boleto',
    additionalInfo: '',
    amount: 1234.56,
    transactionId: 'T-0002',
  },
  {
    transactionDate: '16/11/2026 09:00:00',
    transactionType: 'D',
    description: 'Tarifa mensal',
    amount: 12.9,
    transactionId: null,
  },
  {
    transactionDate: '21/11/2026 12:00:00',
    transactionType: 'SALDO',
    description: 'Saldo do dia',
    amount: 3.04,
    transactionId: null,
  },
  {
    transactionDate: '22/11/2026 10:00:00',
    transactionType: 'D',
    description: 'Pix agendado',
    amount: 50,
    transactionId: 'FUTURE-1',
  },
];

export function statement(overrides: Partial<StatementExport> = {}): StatementExport {
  return {
    account: { account: '1234', branch: '0001', name: 'Maria José da Conceição', taxId: '12345678909' },
    period: { start: '2026-11-14', end: '2026-11-21' },
    rows: ROWS,
    generatedAt: GENERATED_AT,
    ...overrides,
  };
}

/** DD/MM/YYYY HH:mm:ss in São Paulo, which has kept UTC-3 all year since 2019. */
function saoPaulo(d: Date): string {
  const w = new Date(d.getTime() - 3 * 3_600_000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(w.getUTCDate())}/${p(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${p(w.getUTCHours())}:${p(w.getUTCMinutes())}:${p(w.getUTCSeconds())}`;
}

/** `count` rows over the period: mostly transactions, a balance line every 50. */
export function manyRows(count: number): ExportedStatementRow[] {
  const rows: ExportedStatementRow[] = [];
  const start = Date.parse('2026-10-01T03:00:00Z');
  for (let i = 0; i < count; i++) {
    const when = saoPaulo(new Date(start + i * 7 * 60_000));
    if (i % 50 === 0) {
      rows.push({
        transactionDate: when,
        transactionType: 'SALDO',
        description: 'Saldo do dia',
        amount: 10_000 + i,
        transactionId: null,
      });
      continue;
    }
    const debit = i % 3 === 0;
    rows.push({
      transactionDate: when,
      transactionType: debit ? 'D' : 'C',
      description: `${debit ? 'Pix enviado' : 'Pix recebido'} nº ${i} — Ação & Cia`,
      // Most rows carry the bank's JSON text, about 330 characters as in the sandbox's data.
      additionalInfo:
        i % 5 === 0
          ? `{"requestBody":{"operatorName":"Operadora ${i}"}}`
          : i % 7 === 0
            ? null
            : `{"body":{"currency":"BRL","externalIdentifier":"seed-${String(i).padStart(6, '0')}","totalAmount":${i * 100},"paymentInfo":{"transactionType":"Boleto","boleto":{"accountingMethod":"DEF","typeableLine":"${String(i).padStart(47, '9')}","barcode":"${String(i).padStart(44, '9')}","dueDate":"2026-07-28"}},"idDeposit":${i}}}`,
      amount: ((i * 7919) % 100_000) / 100 + 1,
      transactionId: i % 10 === 0 ? null : `E${String(i).padStart(31, '0')}`,
    });
  }
  return rows;
}
