/**
 * The portal's configuration: one typed object, built from defaults and overridable at build time
 * by `VITE_*` variables (Vite inlines `import.meta.env`). Every variable is parsed and validated
 * with superstruct; a bad value fails loudly at start-up, naming the variable, instead of
 * surfacing later as a wrong URL or a silent NaN.
 */
import {
  StructError,
  boolean,
  coerce,
  create,
  define,
  integer,
  min,
  nonempty,
  number,
  pattern,
  string,
  trimmed,
  type Struct,
} from 'superstruct';

/** Feature flags (1-access-shell-statement.md §6, 3-pix-part-one.md §1). */
export interface FeatureFlags {
  /** When on, the Pix menu entry is hidden for clients without Pix permission. Off by configuration. */
  pixBlock: boolean;
  /** The scheduling card and favourites (enabledPixSchedule). */
  pixSchedule: boolean;
  /** Pix withdraw (Pix Saque). */
  pixWithdraw: boolean;
  /** Pix change (Pix Troco). */
  pixChange: boolean;
  /** The state-chart viewer for auditors. */
  auditViewer: boolean;
}

/** The optional help-centre block of the profile; a missing value hides its line. */
export interface HelpCenter {
  faqUrl?: string;
  email?: string;
  phone?: string;
}

/** The whole configuration. */
export interface AppConfig {
  /** The product's name, shown in titles and texts. */
  productName: string;
  /** Base URL of the bank API: a path on this origin ('/api') or an absolute http(s) URL. */
  apiBaseUrl: string;
  /** The fixed value of the `deviceId` header for the web portal (§7). */
  deviceIdWebValue: string;
  flags: FeatureFlags;
  helpCenter: HelpCenter;
  /** The external messaging chat opened by the floating button (new tab); undefined hides it. */
  chatUrl?: string;
  /** The 'learn more to sign up' page of the login screen. */
  signUpUrl?: string;
  /** The Pix fee for legal entities, in BRL, shown in the Pix tutorial. */
  pixFeeLegalEntity: number;
  /** Time-out of every API call, in ms (§9: 120000). */
  requestTimeoutMs: number;
  /** ISPB of the account's own institution: Pix to it takes the internal-transfer path. */
  serviceProviderId: string;
}

/** Defaults: the values of the specification and harmless placeholders (`.example` domains). */
export const defaultConfig: AppConfig = {
  productName: 'Conta Digital',
  apiBaseUrl: '/api',
  deviceIdWebValue: 'WEB',
  flags: { pixBlock: false, pixSchedule: true, pixWithdraw: true, pixChange: true, auditViewer: true },
  helpCenter: {
    faqUrl: 'https://ajuda.contadigital.example/faq',
    email: 'atendimento@contadigital.example',
    phone: '0800 000 0000',
  },
  chatUrl: 'https://chat.contadigital.example',
  signUpUrl: 'https://contadigital.example/cadastro',
  pixFeeLegalEntity: 3.0,
  requestTimeoutMs: 120_000,
  // 8 characters [0-9A-Z] (domain notes: an ISPB may contain letters since Pix API 2.9.0).
  serviceProviderId: '99999999',
};

/** A configuration variable that failed validation. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid portal configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** The raw environment: `import.meta.env` or any string map (tests). */
export type RawEnv = Readonly<Record<string, string | boolean | undefined>>;

const booleanText = coerce(boolean(), string(), (s) => {
  const v = s.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(v)) return true;
  if (['false', '0', 'off', 'no'].includes(v)) return false;
  return s; // left as a string so boolean() rejects it
});

const decimalText = coerce(number(), string(), (s) => {
  const v = s.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(v) ? Number(v) : s;
});

const integerText = coerce(integer(), string(), (s) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : s));

const text = trimmed(nonempty(string()));

const httpUrl = define<string>('http(s) URL', (v) => {
  if (typeof v !== 'string') return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
});

/** A path on this origin ('/api') or an absolute http(s) URL. */
const baseUrl = define<string>('path or http(s) URL', (v) => {
  if (typeof v !== 'string') return false;
  return /^\/[^\s]*$/.test(v) || httpUrl.is(v);
});

const email = pattern(string(), /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
const ispb = pattern(string(), /^[0-9A-Z]{8}$/);

/**
 * One variable: its name, its struct (from the raw string) and where it goes. An empty string in an
 * optional variable clears the value (hides that line of the UI).
 */
interface Variable<T> {
  name: string;
  struct: Struct<T, unknown>;
  optional?: boolean;
  apply: (cfg: AppConfig, value: T | undefined) => void;
}

const v = <T>(def: Variable<T>): Variable<unknown> => def as Variable<unknown>;

/** Every VITE_* variable the portal reads. */
export const configVariables: readonly Variable<unknown>[] = [
  v({ name: 'VITE_PRODUCT_NAME', struct: text, apply: (c, x) => void (c.productName = x ?? c.productName) }),
  v({ name: 'VITE_API_BASE_URL', struct: baseUrl, apply: (c, x) => void (c.apiBaseUrl = x ?? c.apiBaseUrl) }),
  v({
    name: 'VITE_DEVICE_ID',
    struct: text,
    apply: (c, x) => void (c.deviceIdWebValue = x ?? c.deviceIdWebValue),
  }),
  v({
    name: 'VITE_FLAG_PIX_BLOCK',
    struct: booleanText,
    apply: (c, x) => void (c.flags.pixBlock = x ?? c.flags.pixBlock),
  }),
  v({
    name: 'VITE_FLAG_PIX_SCHEDULE',
    struct: booleanText,
    apply: (c, x) => void (c.flags.pixSchedule = x ?? c.flags.pixSchedule),
  }),
  v({
    name: 'VITE_FLAG_PIX_WITHDRAW',
    struct: booleanText,
    apply: (c, x) => void (c.flags.pixWithdraw = x ?? c.flags.pixWithdraw),
  }),
  v({
    name: 'VITE_FLAG_PIX_CHANGE',
    struct: booleanText,
    apply: (c, x) => void (c.flags.pixChange = x ?? c.flags.pixChange),
  }),
  v({
    name: 'VITE_FLAG_AUDIT_VIEWER',
    struct: booleanText,
    apply: (c, x) => void (c.flags.auditViewer = x ?? c.flags.auditViewer),
  }),
  v({
    name: 'VITE_HELP_FAQ_URL',
    struct: httpUrl,
    optional: true,
    apply: (c, x) => void (c.helpCenter.faqUrl = x),
  }),
  v({
    name: 'VITE_HELP_EMAIL',
    struct: email,
    optional: true,
    apply: (c, x) => void (c.helpCenter.email = x),
  }),
  v({
    name: 'VITE_HELP_PHONE',
    struct: text,
    optional: true,
    apply: (c, x) => void (c.helpCenter.phone = x),
  }),
  v({ name: 'VITE_CHAT_URL', struct: httpUrl, optional: true, apply: (c, x) => void (c.chatUrl = x) }),
  v({ name: 'VITE_SIGN_UP_URL', struct: httpUrl, optional: true, apply: (c, x) => void (c.signUpUrl = x) }),
  v({
    name: 'VITE_PIX_FEE_LEGAL_ENTITY',
    struct: min(decimalText, 0),
    apply: (c, x) => void (c.pixFeeLegalEntity = x ?? c.pixFeeLegalEntity),
  }),
  v({
    name: 'VITE_REQUEST_TIMEOUT_MS',
    struct: min(integerText, 1),
    apply: (c, x) => void (c.requestTimeoutMs = x ?? c.requestTimeoutMs),
  }),
  v({
    name: 'VITE_SERVICE_PROVIDER_ID',
    struct: ispb,
    apply: (c, x) => void (c.serviceProviderId = x ?? c.serviceProviderId),
  }),
];

function describeStructError(name: string, raw: string, err: StructError): string {
  return `${name}=${JSON.stringify(raw)}: ${err.message}`;
}

/**
 * Builds the configuration from defaults and an environment. Unset variables keep their defaults;
 * an empty optional variable clears its value; an invalid one throws a {@link ConfigError} listing
 * every problem.
 */
export function loadConfig(env: RawEnv = {}): AppConfig {
  const cfg: AppConfig = structuredClone(defaultConfig);
  const problems: string[] = [];
  for (const variable of configVariables) {
    const raw = env[variable.name];
    if (raw === undefined) continue;
    const rawText = String(raw);
    if (rawText.trim() === '') {
      if (variable.optional) variable.apply(cfg, undefined);
      else problems.push(`${variable.name} is empty; unset it to use the default`);
      continue;
    }
    try {
      variable.apply(cfg, create(rawText.trim(), variable.struct));
    } catch (err) {
      if (err instanceof StructError) problems.push(describeStructError(variable.name, rawText, err));
      else throw err;
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  Object.freeze(cfg.flags);
  Object.freeze(cfg.helpCenter);
  return Object.freeze(cfg);
}

/** The configuration of this build. */
export const config: AppConfig = loadConfig(import.meta.env as RawEnv);
