import type { components } from '../../../openapi/portal.d.ts';
import type { TransactionInput } from '../../db/ledger.ts';
import type { CashOrder } from '../pix-cash.ts';

/**
 * The money movements the bank knows, as data. Each kind is turned into one balanced ledger
 * transaction by its builder (to-transaction.ts), with the statement texts, the additionalInfo JSON
 * the portal reads (1-access-shell-statement.md §3: requestBody / body.withdrawInfo) and the receipt
 * detail. Fees are separate transactions so each statement row has its own id.
 */

/**
 * History codes written on statement rows. 8011 is the one the Pix documents single out: a Pix
 * sent, which may be reported as fraud within 80 days (3-pix-part-one.md §5); every Pix sent
 * carries it (issue 17, contract PixHistoryCode).
 */
export const HISTORY_CODES = {
  TED_OUT: 1101,
  TED_IN: 1102,
  INTERNAL_OUT: 1201,
  INTERNAL_IN: 1202,
  PIX_OUT: 8011,
  PIX_IN: 8020,
  PIX_REFUND_OUT: 8030,
  PIX_REFUND_IN: 8031,
  /** A Pix sent that the SPI rejected, its money returned (issue 16). */
  PIX_REVERSAL: 8032,
  BOLETO_PAYMENT: 3101,
  UTILITY_PAYMENT: 3102,
  TOPUP: 4101,
  DEPOSIT_BOLETO: 5101,
  FEE: 9101,
} as const;

export interface Party {
  name: string;
  taxId: string;
}

export interface BankAccountRef extends Party {
  bankCode: string;
  bankName: string;
  branch: string;
  account: string;
  /** cc (Conta Corrente) or poupanca (Poupança). */
  accountType: 'cc' | 'poupanca';
}

export interface PixParty extends BankAccountRef {
  key?: string;
  keyType?: 'CPF' | 'CNPJ' | 'PHONE' | 'EMAIL' | 'EVP';
  ispb: string;
}

export interface BillData {
  beneficiaryName: string;
  beneficiaryTaxId: string;
  barcode: string;
  typeableLine: string;
  dueDate: string;
  documentCents: number;
  discountCents: number;
  deductionsCents: number;
  interestCents: number;
  fineCents: number;
}

interface Common {
  id: string;
  externalIdentifier: string;
  at: Date;
  amountCents: number;
  /** The customer account the movement belongs to. */
  accountId: string;
  /** The customer (name and tax id), shown as sender or recipient to the other side. */
  customer: Party & { accountNumber: string };
  /** Optional text the customer typed. */
  note?: string;
}

export type Movement =
  | (Common & { kind: 'TED_OUT'; to: BankAccountRef; purposeCode?: string })
  | (Common & { kind: 'TED_IN'; from: BankAccountRef })
  | (Common & { kind: 'INTERNAL_TRANSFER'; toAccountId: string; to: Party & { accountNumber: string } })
  | (Common & {
      kind: 'PIX_OUT';
      to: PixParty;
      endToEndId: string;
      historyCode?: number;
      /** Sent to the SPI and not yet settled: the money waits in the in-flight account (issue 16). */
      inFlight?: boolean;
    })
  | (Common & {
      kind: 'PIX_INTERNAL';
      toAccountId: string;
      to: PixParty;
      endToEndId: string;
      /** A Pix Saque or Pix Troco paid to an agent (sim/pix-cash.ts): the kind and the cash. */
      cash?: CashOrder;
    })
  | (Common & {
      kind: 'PIX_REVERSAL';
      /** The PIX_OUT transaction the SPI rejected. */
      reversalOf: string;
      to: PixParty;
      endToEndId: string;
      reasonCode: string;
      reason: string;
    })
  | (Common & { kind: 'PIX_IN'; from: PixParty; endToEndId: string })
  | (Common & { kind: 'PIX_REFUND_OUT'; refundOf: string; to: PixParty; returnId: string })
  | (Common & { kind: 'PIX_REFUND_IN'; refundOf: string; from: PixParty; returnId: string })
  | (Common & { kind: 'BOLETO_PAYMENT'; bill: BillData })
  | (Common & { kind: 'UTILITY_PAYMENT'; bill: BillData })
  | (Common & {
      kind: 'TOPUP';
      operatorName: string;
      operatorId: number;
      areaCode: string;
      /** DDD and number, digits only. */ phoneNumber: string;
    })
  | (Common & {
      kind: 'DEPOSIT_BOLETO';
      boleto: { typeableLine: string; barcode: string; dueDate: string; idDeposit: number };
    })
  | (Common & { kind: 'FEE'; feeOf?: string; label: string });

/** The movement of one kind. */
export type MovementOf<K extends Movement['kind']> = Extract<Movement, { kind: K }>;

/** Turns a movement of the kinds K into one balanced ledger transaction. */
export type Builders<K extends Movement['kind']> = { [P in K]: (m: MovementOf<P>) => TransactionInput };

/**
 * What a receipt (getTransactionDetail) needs beyond the ledger: stored as JSON in
 * ledger_transactions.detail. The counterpart comes from the entry, so each side sees the other.
 */
export interface ReceiptDetail {
  requestData?: components['schemas']['TransactionRequestData'];
  instantPayment?: components['schemas']['InstantPaymentInfo'];
}
