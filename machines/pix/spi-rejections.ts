/**
 * What a rejected Pix's reason means to the payer and what can be done about it (issue 32 item 3).
 *
 * The SPI rejects a pacs.008 with a pacs.002 whose reason is an ISO 20022 ExternalStatusReason1Code,
 * the subset the Banco Central lists for Pix in its SPI message catalogue (Catálogo de Mensagens e
 * de Arquivos do SPI, pacs.002 "StsRsnInf/Rsn/Cd"). The bank gives it as the first word of the
 * settlement's reason ('AC03 - Conta do recebedor inexistente ou inválida.', sandbox/sim/spi.ts).
 * The codes below are the ones a payer can meet; each says which part of the payment the reason
 * points at, so the flow can go back to it with everything typed kept:
 *
 * - `recipient`: the receiving account or its holder (wrong account, type or document; an account
 *   closed or blocked): correct the recipient's data;
 * - `payment`: the payment itself or a passing fault (time-out, an error at either institution, an
 *   amount over a limit or the balance): the same data may be sent again, or its amount changed.
 *
 * An unknown code, or none, is `payment`: nothing says the recipient is wrong. The texts are
 * PIX.SEND.REJECTION_MEANING.{code} in pix.json; tests/i18n checks every code has one.
 */

/** Which part of the payment a rejection points at (see the file's comment). */
export type RejectionFix = 'recipient' | 'payment';

/** The codes a payer can meet, and what each points at. */
export const SPI_REJECTION_CODES = {
  /** Time-out: the receiving institution did not answer in time. */
  AB03: 'payment',
  /** Error at the receiving institution. */
  AB09: 'payment',
  /** Creditor account number invalid or missing. */
  AC03: 'recipient',
  /** Creditor account blocked. */
  AC06: 'recipient',
  /** Creditor account closed. */
  AC07: 'recipient',
  /** Creditor account type invalid for the account. */
  AC14: 'recipient',
  /** Transaction type not supported or forbidden on the creditor account. */
  AG03: 'recipient',
  /** Amount over the maximum allowed (a limit). */
  AM02: 'payment',
  /** Insufficient funds in the debtor account. */
  AM04: 'payment',
  /** Amount not the one expected (a charge's). */
  AM09: 'payment',
  /** Creditor's tax id not consistent with the account's holder. */
  BE01: 'recipient',
  /** Creditor's CPF or CNPJ incorrect. */
  CH11: 'recipient',
  /** Order rejected by the receiving institution. */
  DS04: 'recipient',
  /** Settlement failed at the SPI. */
  ED05: 'payment',
  /** Regulatory reason. */
  RR04: 'payment',
} as const satisfies Record<string, RejectionFix>;

export type SpiRejectionCode = keyof typeof SPI_REJECTION_CODES;

const isKnown = (code: string): code is SpiRejectionCode => Object.hasOwn(SPI_REJECTION_CODES, code);

/** The known code that starts a settlement's reason ('AC03 - …' → 'AC03'); null otherwise. */
export function rejectionCodeOf(reason: string | null | undefined): SpiRejectionCode | null {
  const code = /^\s*([A-Z]{2}[0-9A-Z]{2})\b/u.exec(reason ?? '')?.[1];
  return code !== undefined && isKnown(code) ? code : null;
}

/** What a rejection points at: its code's, `payment` when the code is unknown or absent. */
export function rejectionFixOf(reason: string | null | undefined): RejectionFix {
  const code = rejectionCodeOf(reason);
  return code === null ? 'payment' : SPI_REJECTION_CODES[code];
}
