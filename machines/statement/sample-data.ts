/**
 * Test data shared by the statement area's catalog entries and view tests: the demo customer
 * (name, CPF and account number as the sandbox seeds her; ids of the fixtures' own, the seed's
 * are UUIDs), statement entries of every kind the screen tells apart (credit, debit,
 * Pix refund credit and debit, entries without a receipt), and failures shaped like the API
 * layer's `ApiError` (machines cannot import src/, so these are plain objects with its fields).
 */
import type { components } from '../../openapi/portal';
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';

type Schemas = components['schemas'];

export { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';

/** The day the fixtures treat as today. */
export const FIXTURE_TODAY = '2026-05-20';

/** The demo customer Maria and her account (the seed's name and documents; the fixtures' own ids). */
export const DEMO_ACCOUNT = {
  ...FIXTURE_IDS.maria,
  account: DEMO_USERS.maria.number,
  branch: '0001',
  name: DEMO_USERS.maria.name,
  cpf: DEMO_USERS.maria.taxId,
} as const;

export const SAMPLE_CLIENT: Schemas['ClientWithAccount'] = {
  client: {
    name: DEMO_ACCOUNT.name,
    email: DEMO_USERS.maria.email,
    taxIdentifier: { taxId: DEMO_ACCOUNT.cpf, country: 'BRA' },
    accountHolderId: DEMO_ACCOUNT.accountHolderId,
    hasPixPermission: true,
    accountData: { clientType: 'PERSON' },
  },
  account: { accountId: DEMO_ACCOUNT.accountId, account: DEMO_ACCOUNT.account, branch: DEMO_ACCOUNT.branch },
};

export const SAMPLE_BALANCES: Schemas['Balances'] = {
  balances: [
    { balanceType: 'BLOCKED', amount: 10, date: '2026-05-20T09:00:00-03:00' },
    { balanceType: 'REAL', amount: 5432.1, date: '2026-05-20T09:00:00-03:00' },
  ],
};

const json = (v: unknown): string => JSON.stringify(v);

/** Statement entries, newest first, as the bank sends them. */
export const SAMPLE_ENTRIES: Schemas['StatementEntry'][] = [
  {
    description: 'Pix recebido - João Pereira',
    type: 'C',
    amount: 150,
    transactionId: 'tx-pix-in',
    additionalInfo: json({
      body: { withdrawInfo: { instantPayment: { type: 'deposit', sender: { name: 'João Pereira' } } } },
    }),
    isPix: true,
    entryDate: '2026-05-20T10:15:00-03:00',
    creditDate: '2026-05-20T10:15:00-03:00',
    counterpart: { name: 'João Pereira', taxIdentifier: { taxId: '***.456.789-**' } },
  },
  {
    description: 'TED enviada - Ana Costa',
    type: 'D',
    amount: 1200.5,
    transactionId: 'tx-ted-out',
    additionalInfo: json({
      body: {
        withdrawInfo: {
          withdrawType: 'BankTransfer',
          bankTransfer: {
            name: 'Ana Costa',
            bankDestination: '341',
            bankDestinationName: 'Itaú Unibanco',
            branchDestination: '1234',
            accountDestination: '56789-0',
            accountTypeDestination: 'cc',
          },
        },
      },
    }),
    entryDate: '2026-05-20T08:00:00-03:00',
    creditDate: '2026-05-20T08:00:00-03:00',
    counterpart: { name: 'Ana Costa', taxIdentifier: { taxId: '11144477735' } },
  },
  {
    description: 'Devolução Pix recebida - Loja X',
    type: 'C',
    amount: 30,
    transactionId: 'tx-refund-in',
    isPix: true,
    isPaymentRefundCredit: true,
    entryDate: '2026-05-18T14:00:00-03:00',
    creditDate: '2026-05-18T14:00:00-03:00',
  },
  {
    description: 'Devolução Pix enviada - Carlos',
    type: 'D',
    amount: 20,
    transactionId: 'tx-refund-out',
    isPix: true,
    isPaymentRefundDebit: true,
    entryDate: '2026-05-18T11:00:00-03:00',
    creditDate: '2026-05-18T11:00:00-03:00',
  },
  {
    description: 'Saque em espécie',
    type: 'D',
    amount: 100,
    transactionId: null,
    entryDate: '2026-05-15T09:30:00-03:00',
    creditDate: '2026-05-15T09:30:00-03:00',
  },
];

/** The detail of the sample TED (GET .../transaction/tx-ted-out), as the sandbox answers it. */
export const SAMPLE_TED_DETAIL: Schemas['TransactionDetail'] = {
  transactions: {
    transactionId: 'tx-ted-out',
    accountHolderId: DEMO_ACCOUNT.accountHolderId,
    accountId: DEMO_ACCOUNT.accountId,
    transactionDate: '2026-05-20T08:00:00-03:00',
    totalAmount: 1200.5,
    counterPart: { name: 'Ana Costa', taxIdentifier: { taxId: '11144477735' } },
    instantPayment: null,
  },
  requestData: {
    description: 'Aluguel de maio',
    bankTransfer: {
      name: 'Ana Costa',
      bankDestination: '341',
      bankDestinationName: 'Itaú Unibanco',
      branchDestination: '1234',
      accountDestination: '56789-0',
      accountTypeDestination: 'cc',
    },
    registrationDate: '2026-05-20T11:00:00.000Z',
    effectiveDate: '2026-05-20T11:00:00.000Z',
    processingTime: '00:00:01',
  },
  responseData: {
    description: 'Transação efetivada',
    effectiveDate: '2026-05-20T11:00:00.000Z',
    processingTime: '00:00:01',
  },
  brinksBankAccount: {
    bankCode: '999',
    bankName: 'Conta Digital',
    branchCode: '0001',
    accountNumber: DEMO_ACCOUNT.account,
  },
};

/** Report rows of a period (GET /accounts/{accountId}/reportStatement), oldest first. */
export const SAMPLE_REPORT: Schemas['ExportedStatementRow'][] = [
  {
    transactionDate: '14/05/2026 00:00:00',
    transactionType: 'SALDO',
    description: 'SALDO ANTERIOR',
    additionalInfo: null,
    amount: 6582.6,
    transactionId: null,
  },
  {
    transactionDate: '20/05/2026 08:00:00',
    transactionType: 'D',
    description: 'TED enviada - Ana Costa',
    additionalInfo: null,
    amount: 1200.5,
    transactionId: 'tx-ted-out',
  },
  {
    transactionDate: '20/05/2026 10:15:00',
    transactionType: 'C',
    description: 'Pix recebido - João Pereira',
    additionalInfo: null,
    amount: 150,
    transactionId: 'tx-pix-in',
  },
  {
    transactionDate: '20/05/2026 23:59:59',
    transactionType: 'SALDO',
    description: 'SALDO DO DIA',
    additionalInfo: null,
    amount: 5532.1,
    transactionId: null,
  },
];
