/**
 * What every Pix send shares (issue 16; 3-pix-part-one.md §4 Payment result and Polling, §7 the
 * withdraw and status calls, §9 Business constants): the polling cadences and the redirect delay
 * as named constants, the spec references the send machines cite, and the pure builders of the
 * ids and bodies the bank checks (docs/JOURNAL.md "Pix send (issue 16)"): the message id, the
 * end-to-end id, the pacs.008 of a payment by key or manual data, its withdraw, and the fallback
 * status query. /PixKey, /PixManual and /PixCopyPaste read them from here, so one rule is written
 * once.
 *
 * Builders take every variable part as a parameter (the random characters come from the flow's
 * `input.newId`, the moment from the caller): machines stay deterministic and a retry rebuilds
 * the same body.
 */
import type { components } from '../../openapi/portal';
import { ISPB_PATTERN, makeEndToEndId } from '../validators/end-to-end-id.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';

type Schemas = components['schemas'];

// ───────────────────────────── §9 constants ─────────────────────────────

/** How a flow polls the payment's status: every `everyMs`, for at most `forMs` (§4 Polling, §9). */
export interface PollingCadence {
  everyMs: number;
  forMs: number;
}

/**
 * The two cadences of §4/§9: `key` (send by key) every 500 ms up to 52 s; `slow` (manual data and
 * copy-and-paste) every 1 s up to 42 s.
 */
export const PIX_POLLING = {
  key: { everyMs: 500, forMs: 52_000 },
  slow: { everyMs: 1_000, forMs: 42_000 },
} as const satisfies Record<string, PollingCadence>;

/** Which cadence a flow polls with. */
export type PollingCadenceName = keyof typeof PIX_POLLING;

/** §9: the delay before going home (or to /Pix) after a scheduled or rejected payment. */
export const PIX_REDIRECT_MS = 1_800;

/** §9 Description max 140; amount max 13 characters. */
export const PIX_DESCRIPTION_MAX_LENGTH = 140;
export const PIX_AMOUNT_MAX_LENGTH = 13;

// ───────────────────────────── spec references ─────────────────────────────

/** The spec text each send state cites (`meta.spec`). */
export const PIX_SEND_SPEC = {
  menu: '3-pix-part-one.md §2 Send menu',
  byKey: '3-pix-part-one.md §2 Send by key (/PixKey)',
  manual: '3-pix-part-one.md §2 Send by manual data (/PixManual)',
  copyPaste: '3-pix-part-one.md §2 Copy and paste (/PixCopyPaste)',
  result: '3-pix-part-one.md §4 States and transitions (Payment result)',
  polling: '3-pix-part-one.md §4 States and transitions (Polling); §9 Business constants and limits',
  internal: '3-pix-part-one.md §4 (internal transfer path); §7 POST /account/{id}/internal-pix',
  withdraw: '3-pix-part-one.md §7 Pix by key (external): POST /account/{id}/withdraw',
  checkTransaction: '3-pix-part-one.md §7 GET /PixPaymentIssuance/checkTransaction/{endToEndId}',
  fallbackStatus: '3-pix-part-one.md §7 POST /PixPaymentIssuance/status',
  errors: '3-pix-part-one.md §8 Error catalogue',
  constants: '3-pix-part-one.md §9 Business constants and limits',
  security: 'docs/JOURNAL.md "Pix send (issue 16)": the security code is asked for every Pix',
  limits: 'shared/domain/notes.md §c (2026 limits: night cap, unregistered device)',
} as const;

// ───────────────────────────── ISO 20022 constants (§9) ─────────────────────────────

/** The pacs.008 message definition the SPI takes. */
export const PACS008_ID = 'pacs.008.spi.1.10';
/** §9: instruction priority, service level, settlement method, charge bearer. */
export const PACS008_PRIORITY = 'HIGH';
export const PACS008_SERVICE_LEVEL = 'PAGPRI';
export const PACS008_SETTLEMENT = 'CLRG';
export const PACS008_CHARGE_BEARER = 'SLEV';
/** §9: a plain payment's purpose (OTHR is a withdrawal, part two). */
export const PACS008_PURPOSE = 'IPAY';

/** §4: how a Pix was initiated: by key, manual data, static or dynamic QR code. */
export type PixLocalInstrument = 'DICT' | 'MANU' | 'QRES' | 'QRDN';

// ───────────────────────────── ids ─────────────────────────────

const MESSAGE_ID_PATTERN = /^M[0-9A-Z]{8}[a-zA-Z0-9]{23}$/;

/**
 * `length` characters `[a-zA-Z0-9]` taken from an id of the flow's generator (`input.newId`: a
 * UUID at the composition root, `ext-1` in tests): its letters and digits, the last `length` of
 * them, left-padded with `0`. Deterministic, so a retry rebuilds the same id; two different ids of
 * one generator give different parts as long as they differ in their last `length` letters and
 * digits (a UUID has 32, a counter's suffix differs at the end).
 */
export function idChars(id: string, length: number): string {
  const alnum = id.replace(/[^a-zA-Z0-9]/g, '');
  return alnum.slice(-length).padStart(length, '0');
}

/**
 * §9 message id: `M` + the institution's ISPB + 23 characters `[a-zA-Z0-9]` (32 in all). Throws
 * `RangeError` on a bad ISPB or random part.
 */
export function makeMessageId(ispb: string, random: string): string {
  if (!ISPB_PATTERN.test(ispb)) throw new RangeError(`invalid ISPB: ${ispb}`);
  if (!/^[a-zA-Z0-9]{23}$/.test(random)) throw new RangeError('random part must be 23 [a-zA-Z0-9]');
  return `M${ispb}${random}`;
}

/** Whether `id` is a message id of §9 (any ISPB). */
export const isValidMessageId = (id: string): boolean => MESSAGE_ID_PATTERN.test(id);

/**
 * The ids of one payment attempt, from one id of the flow's generator: the message id (23
 * characters of it) and the end-to-end id (`E` + ISPB + the UTC minute of `at` + 11 characters
 * of it; machines/validators/end-to-end-id.ts). Fixed when the flow enters confirmation and
 * reused by every retry, as the externalIdentifier is.
 */
export function paymentIds(ispb: string, at: Date, id: string): { msgId: string; endToEndId: string } {
  return {
    msgId: makeMessageId(ispb, idChars(id, 23)),
    endToEndId: makeEndToEndId(ispb, at, idChars(id, 11)),
  };
}

// ───────────────────────────── the pacs.008 and its withdraw ─────────────────────────────

/** The parties and account of a Pix: the payer (debtor) or the receiver (creditor). */
export interface PixSendParty {
  name: string;
  /** In full, or (a creditor found by key) the masked CPF the DICT showed. */
  taxId: string;
  ispb: string;
  branch: string;
  accountNumber: string;
  accountType: Schemas['PixAccountType'];
}

/** What a pacs.008 of a payment by key (DICT) or manual data (MANU) needs. */
export interface Pacs008Parts {
  msgId: string;
  endToEndId: string;
  /** When the message is created (`creationDateTime`). */
  at: Date;
  /** Reais, two decimals. */
  amount: number;
  localInstrument: Extract<PixLocalInstrument, 'DICT' | 'MANU'>;
  debtor: PixSendParty;
  creditor: PixSendParty;
  /** The key paid (DICT only; a manual payment has none). */
  proxy?: string;
  /** The description typed by the payer (at most 140). */
  remittanceInformation?: string;
}

/** The payer's or receiver's account of a pacs.008, with the digits the schema allows. */
const pacsAccount = (p: PixSendParty): Schemas['Pacs008Account'] => ({
  branch: p.branch,
  number: p.accountNumber,
  type: p.accountType,
});

/**
 * The pacs.008 of §7/§9 (contract `Pacs008Message`): id pacs.008.spi.1.10, HIGH, PAGPRI, CLRG,
 * SLEV, IPAY, the local instrument given, the key as `proxy` for DICT and none for MANU.
 */
export function buildPacs008(p: Pacs008Parts): Schemas['Pacs008Message'] {
  const description = p.remittanceInformation?.trim();
  return {
    id: PACS008_ID,
    msgId: p.msgId,
    creationDateTime: p.at.toISOString(),
    endToEndId: p.endToEndId,
    amount: { value: p.amount, currency: 'BRL' },
    priority: PACS008_PRIORITY,
    serviceLevel: PACS008_SERVICE_LEVEL,
    settlementMethod: PACS008_SETTLEMENT,
    chargeBearer: PACS008_CHARGE_BEARER,
    localInstrument: p.localInstrument,
    purpose: PACS008_PURPOSE,
    debtor: { name: p.debtor.name, taxId: p.debtor.taxId },
    debtorAccount: pacsAccount(p.debtor),
    debtorAgent: { ispb: p.debtor.ispb },
    creditor: { name: p.creditor.name, taxId: p.creditor.taxId },
    creditorAccount: pacsAccount(p.creditor),
    creditorAgent: { ispb: p.creditor.ispb },
    ...(p.localInstrument === 'DICT' && p.proxy !== undefined ? { proxy: p.proxy } : {}),
    ...(description ? { remittanceInformation: description } : {}),
  };
}

/** What the withdraw around a pacs.008 adds. */
export interface PixWithdrawParts extends Pacs008Parts {
  /** The payer's account id (path and signature). */
  sourceAccountId: string;
  /** The attempt's idempotency key. */
  externalIdentifier: string;
  /** The key's type (DICT). */
  keyType?: Schemas['DictKeyType'];
  /** The receiver as the confirmation shows it (institution name included). */
  institutionName?: string;
  /** A later day (YYYY-MM-DD): the payment is scheduled instead of sent. */
  scheduleDate?: string;
  /** Save the receiver to favourites with this nickname. */
  saveNickname?: string;
  /** The holder's mobile phone (`phoneNumber`). */
  phoneNumber?: string;
  /** Informative device fields of §7; the bank decides the limits from its own record. */
  device?: { registered: boolean; temporary: boolean; value: string };
}

/**
 * The createWithdrawal body of a Pix by key or manual data (§7; contract `WithdrawRequest` with an
 * `InstantPayment` withdraw and exactly one pacs.008), with `STransactionId` set to the
 * S-Transaction signature the header carries (`transactionSignature`, kind `pix-withdraw`).
 */
export function buildPixWithdrawRequest(p: PixWithdrawParts): Schemas['WithdrawRequest'] {
  const pacs = buildPacs008(p);
  const description = p.remittanceInformation?.trim();
  const instantPayment: Schemas['InstantPaymentOrder'] = {
    localInstrument: p.localInstrument,
    endToEndId: p.endToEndId,
    ...(pacs.proxy !== undefined ? { key: pacs.proxy } : {}),
    ...(p.keyType !== undefined && pacs.proxy !== undefined ? { keyType: p.keyType } : {}),
    recipient: {
      name: p.creditor.name,
      taxId: p.creditor.taxId,
      ispb: p.creditor.ispb,
      ...(p.institutionName ? { institutionName: p.institutionName } : {}),
      branch: p.creditor.branch,
      accountNumber: p.creditor.accountNumber,
      accountType: p.creditor.accountType,
    },
    ...(description ? { description } : {}),
    ...(p.scheduleDate ? { scheduleDate: p.scheduleDate } : {}),
    ...(p.saveNickname ? { saveRecipient: { nickname: p.saveNickname } } : {}),
  };
  const withdraw: Schemas['Withdraw'] = {
    currency: 'BRL',
    externalIdentifier: p.externalIdentifier,
    totalAmount: p.amount,
    withdrawInfo: { withdrawType: 'InstantPayment', instantPayment },
    ...(p.device
      ? {
          deviceRegistered: p.device.registered,
          isDeviceTemp: p.device.temporary,
          deviceValue: p.device.value,
        }
      : {}),
  };
  withdraw.STransactionId = transactionSignature({
    kind: 'pix-withdraw',
    sourceAccountId: p.sourceAccountId,
    withdraw,
    payment: pacs,
  });
  return { payments: [pacs], withdraw, ...(p.phoneNumber ? { phoneNumber: p.phoneNumber } : {}) };
}

// ───────────────────────────── the fallback status query ─────────────────────────────

/**
 * The body of POST /PixPaymentIssuance/status (§7) asking the status of one payment this
 * institution sent: the message id is `M` + ISPB + the end-to-end id's own 23 characters after its
 * ISPB (its minute and sequence), so a query is tied to its payment without a random part.
 */
export function buildPaymentStatusRequest(
  ispb: string,
  endToEndId: string,
  at: Date,
): Schemas['PaymentStatusRequest'] {
  return {
    data: {
      document: {
        group_header: {
          message_identification: makeMessageId(ispb, endToEndId.slice(9, 32)),
          creation_date_time: at.toISOString(),
        },
        reporting_request: [
          {
            payment_identification: { end_to_end_identification: endToEndId, return_identification: null },
            original_transaction_reference: { sender_member_identification: ispb },
          },
        ],
      },
    },
  };
}
