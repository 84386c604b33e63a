import { constants, createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { SANDBOX_PSP_SIGNING_JWK } from './psp-signing-key.ts';

/**
 * The signature of the charge a dynamic BR Code's location serves (issue 27). Facts used, with
 * their sources (read, not copied):
 * - bacen/pix-api openapi.yaml 2.9.0, paths `/cob/{pixUrlAccessToken}` and `/cobv/{...}`: the
 *   location answers `application/jose`, a JWS in compact serialization whose payload is the
 *   CobPayload / CobVPayload, and the payer's PSP must validate it.
 * - BCB Manual de Segurança do Pix §4.2 (as cited in bacen/pix-api issue #67): the JOSE header
 *   carries `alg`, `kid`, `jku` (the JWK Set URL, on the site of the PSP's CERTQRC certificate;
 *   the issue proposes `https://<that site>/.well-known/jwks.json`) and a certificate thumbprint.
 * - The keys are those of ICP-Brasil certificates, which are RSA only (OpenBanking-Brasil
 *   specs-seguranca PR #169), so the algorithm is an RSA one: the BCB's example header is RS256,
 *   PSPs in production sign PS256 (e.g. qr.iugu.com); stone-payments/ex-pix-brcode accepts
 *   PS256/RS256 for RSA keys and requires `jku`, `kid` and `alg`.
 *
 * The sandbox signs PS256 (RSASSA-PSS, SHA-256, 32-byte salt, RFC 7518 §3.5) and its verifier
 * accepts PS256 and RS256. Where the sandbox departs (no ICP-Brasil certificate exists for a
 * sandbox): the JWK Set carries the bare public key without `x5c`, and the header no `x5t`; the
 * key is fixed and published with the project (sim/psp-signing-key.ts). Written down in the
 * contract (getPixChargePayload, getPixJwks).
 */

/** The host a payer reaches the bank's locations on (template 26 sub-field 25). */
export const LOCATION_SITE = 'qr.sandbox.banco.example';
/** Where the bank publishes its JWK Set: the same site, well-known path (bacen/pix-api #67). */
export const JWKS_PATH = '/.well-known/jwks.json';
export const JWKS_URL = `https://${LOCATION_SITE}${JWKS_PATH}`;
/** The JOSE algorithm the bank signs with. */
export const SIGNING_ALG = 'PS256';
/** What the verifier accepts: RSA signatures only (ICP-Brasil keys), never `none` nor HMAC. */
const ACCEPTED_ALGS = new Set(['PS256', 'RS256']);

export interface PublicJwk {
  kty: 'RSA';
  use: 'sig';
  alg: string;
  kid: string;
  n: string;
  e: string;
}

export interface JwkSet {
  keys: PublicJwk[];
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

interface SigningKey {
  privateKey: KeyObject;
  jwk: PublicJwk;
}

/** RFC 7638 thumbprint of an RSA public key: SHA-256 of {e, kty, n} in that order, base64url. */
export function jwkThumbprint(jwk: { e: string; n: string }): string {
  return b64url(
    createHash('sha256')
      .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
      .digest(),
  );
}

let current: SigningKey | undefined;

/** The bank's signing key (sim/psp-signing-key.ts), read once per process. */
function signingKey(): SigningKey {
  if (current) return current;
  const privateKey = createPrivateKey({ key: { ...SANDBOX_PSP_SIGNING_JWK }, format: 'jwk' });
  const { n, e } = SANDBOX_PSP_SIGNING_JWK;
  current = {
    privateKey,
    jwk: { kty: 'RSA', use: 'sig', alg: SIGNING_ALG, kid: jwkThumbprint({ n, e }), n, e },
  };
  return current;
}

/** The JWK Set the bank publishes at {@link JWKS_URL}. */
export function publishedJwks(): JwkSet {
  return { keys: [signingKey().jwk] };
}

const pss = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } as const;

/** `body` as a compact JWS signed with the bank's key, header { alg, typ, kid, jku }. */
export function signCharge(body: unknown): string {
  const key = signingKey();
  const header = { alg: SIGNING_ALG, typ: 'JWS', kid: key.jwk.kid, jku: JWKS_URL };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(body))}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.privateKey, ...pss });
  return `${input}.${b64url(signature)}`;
}

export type JwsRefusal =
  | 'malformed'
  | 'algorithm not accepted'
  | 'jku not on the location site'
  | 'kid not published'
  | 'bad signature';

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The header of a compact JWS (unverified), or undefined when it is not one. */
export function jwsHeader(jws: string): Record<string, unknown> | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return undefined;
  const header = decodeJson(parts[0] ?? '');
  return isRecord(header) ? header : undefined;
}

/**
 * What a payer's PSP does with a location's answer: the header names an accepted RSA algorithm,
 * a `jku` on the site of the location (https), a `kid` found in the JWK Set fetched from that
 * `jku`; the signature verifies with that key. Only then is the payload read.
 */
export function verifyCharge(
  jws: string,
  locationSite: string,
  fetchJwks: (jku: string) => JwkSet | undefined,
): { payload: unknown } | { refusal: JwsRefusal } {
  const header = jwsHeader(jws);
  if (!header) return { refusal: 'malformed' };
  const [h = '', p = '', s = ''] = jws.split('.');
  const alg = header.alg;
  if (typeof alg !== 'string' || !ACCEPTED_ALGS.has(alg)) return { refusal: 'algorithm not accepted' };
  const jku = typeof header.jku === 'string' ? parseUrl(header.jku) : undefined;
  if (!jku || jku.protocol !== 'https:' || jku.host !== locationSite)
    return { refusal: 'jku not on the location site' };
  const jwk = fetchJwks(jku.href)?.keys.find((k) => k.kid === header.kid && k.kty === 'RSA');
  if (!jwk) return { refusal: 'kid not published' };
  const key = createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' });
  const options = alg === 'PS256' ? { key, ...pss } : { key, padding: constants.RSA_PKCS1_PADDING };
  const valid = verify('sha256', Buffer.from(`${h}.${p}`), options, Buffer.from(s, 'base64url'));
  if (!valid) return { refusal: 'bad signature' };
  const payload = decodeJson(p);
  return payload === undefined ? { refusal: 'malformed' } : { payload };
}
