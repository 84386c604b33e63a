/**
 * The demo customers' security-code secrets (the "Chave de Segurança" of the companion app,
 * 2-money-movement.md §1), as the seed, /sandbox/autenticador and the tests read them. The secrets
 * themselves are declared with the customers in demo/users.ts (fixed and published on purpose;
 * e2e computes codes from them with otplib).
 */
import { DEMO_USERS, TOTP_ISSUER, type DemoUserKey } from '../../demo/users.ts';

export { TOTP_ISSUER };

export interface DemoTotp {
  /** Who it belongs to, as the authenticator page names them. */
  who: string;
  /** The otpauth account name (the holder's e-mail). */
  accountName: string;
  secret: string;
}

export type DemoTotpKey = DemoUserKey;

const totpOf = (key: DemoUserKey): DemoTotp => ({
  who: DEMO_USERS[key].totpWho,
  accountName: DEMO_USERS[key].email,
  secret: DEMO_USERS[key].totpSecret,
});

/** Every demo customer's secret, in the order of demo/users.ts (the seed inserts them so). */
export const DEMO_TOTP = Object.fromEntries(
  (Object.keys(DEMO_USERS) as DemoUserKey[]).map((key) => [key, totpOf(key)]),
) as Record<DemoTotpKey, DemoTotp>;
