/**
 * Test data of the transfer flows' fixtures: the sender (Maria, sandbox seed), a TED form, a
 * company-transfer form and the answers the bank gives them. Values are concrete pt-BR data, so the
 * QA plan reads as what a tester types.
 */
import type { components } from '../../openapi/portal';
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';

type Schemas = components['schemas'];

/** Maria's account (the fixtures' id) and her mobile phone, national form (demo/users.ts). */
export const TRANSFER_ACCOUNT = {
  accountId: FIXTURE_IDS.maria.accountId,
  phoneNumber: DEMO_USERS.maria.phone.slice('+55'.length),
} as const;

/** The movement of the sample TED (amount and id): what the child confirms with its signature. */
export const TED_MOVEMENT = { amount: 150.25, externalIdentifier: 'ext-1' } as const;

/** A TED body with the values of the TED form fixtures; its signature is what the child receives. */
export const TED_SIGNATURE = transactionSignature({
  kind: 'withdraw',
  sourceAccountId: TRANSFER_ACCOUNT.accountId,
  withdraw: {
    currency: 'BRL',
    externalIdentifier: TED_MOVEMENT.externalIdentifier,
    totalAmount: TED_MOVEMENT.amount,
    withdrawInfo: {
      withdrawType: 'BankTransfer',
      bankTransfer: {
        accountDestination: '56789-0',
        accountTypeDestination: 'cc',
        bankDestination: '341',
        branchDestination: '0001',
        name: 'João Pereira',
        taxIdentifier: { country: 'BRA', taxId: '39053344705' },
        personType: 'PERSON',
      },
    },
  },
});

/**
 * A company that can receive (the contact lookup's answer): Padaria Pão Dourado. Its account: the
 * fixtures' short id a payment goes to, and the branch and seeded number (demo/users.ts) the holder reads.
 */
export const COMPANY_CONTACT: Schemas['ContactLookup'] = {
  accounts: [{ accountId: '1002', branch: '0001', account: DEMO_USERS.padaria.number }],
  accountHolder: {
    name: 'Padaria Pão Dourado Ltda',
    mobilePhones: [{ country: 'BRA', phoneNumber: '11933334444' }],
  },
  client: { name: 'Padaria Pão Dourado Ltda', taxIdentifier: { country: 'BRA', taxId: '12ABC34501DE35' } },
};

/** A transaction id as the bank answers it. */
export const TRANSACTION_ID = 'b3f1c0de-2f7a-4c3e-9a53-0c8f1a6d2e10';
