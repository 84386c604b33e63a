/** src/runtime/config.ts: defaults and VITE_* overrides, parsed and validated. */
import { describe, expect, it } from 'vitest';
import { ConfigError, config, defaultConfig, loadConfig } from '../../src/runtime/config';

describe('config', () => {
  it('has the specification defaults', () => {
    const cfg = loadConfig({});
    expect(cfg).toEqual(defaultConfig);
    expect(cfg.productName).toBe('Conta Digital');
    expect(cfg.apiBaseUrl).toBe('/api');
    expect(cfg.deviceIdWebValue).toBe('WEB');
    expect(cfg.flags).toEqual({
      pixBlock: false,
      pixSchedule: true,
      pixWithdraw: true,
      pixChange: true,
      auditViewer: true,
    });
    expect(cfg.pixFeeLegalEntity).toBe(3);
    expect(cfg.requestTimeoutMs).toBe(120_000);
    expect(cfg.serviceProviderId).toMatch(/^[0-9A-Z]{8}$/);
  });

  it('the build configuration loads (the test env sets no VITE_* overrides)', () => {
    expect(config.apiBaseUrl).toBe('/api');
  });

  it('parses every kind of override', () => {
    const cfg = loadConfig({
      VITE_PRODUCT_NAME: '  Banco Exemplo ',
      VITE_API_BASE_URL: 'https://api.banco.example/v1',
      VITE_DEVICE_ID: 'PORTAL',
      VITE_FLAG_PIX_BLOCK: 'true',
      VITE_FLAG_PIX_SCHEDULE: '0',
      VITE_FLAG_AUDIT_VIEWER: 'off',
      VITE_HELP_FAQ_URL: 'https://ajuda.banco.example/faq',
      VITE_HELP_EMAIL: 'sac@banco.example',
      VITE_HELP_PHONE: '(11) 4000-0000',
      VITE_CHAT_URL: '',
      VITE_PIX_FEE_LEGAL_ENTITY: '2,50',
      VITE_REQUEST_TIMEOUT_MS: '60000',
      VITE_SERVICE_PROVIDER_ID: '12AB34CD',
    });
    expect(cfg.productName).toBe('Banco Exemplo');
    expect(cfg.apiBaseUrl).toBe('https://api.banco.example/v1');
    expect(cfg.deviceIdWebValue).toBe('PORTAL');
    expect(cfg.flags).toEqual({
      pixBlock: true,
      pixSchedule: false,
      pixWithdraw: true,
      pixChange: true,
      auditViewer: false,
    });
    expect(cfg.helpCenter).toEqual({
      faqUrl: 'https://ajuda.banco.example/faq',
      email: 'sac@banco.example',
      phone: '(11) 4000-0000',
    });
    expect(cfg.chatUrl).toBeUndefined(); // an empty optional variable hides the chat button
    expect(cfg.pixFeeLegalEntity).toBe(2.5);
    expect(cfg.requestTimeoutMs).toBe(60_000);
    expect(cfg.serviceProviderId).toBe('12AB34CD');
  });

  it('rejects invalid values, naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        VITE_API_BASE_URL: 'ftp://x',
        VITE_FLAG_PIX_BLOCK: 'maybe',
        VITE_REQUEST_TIMEOUT_MS: '12s',
        VITE_PIX_FEE_LEGAL_ENTITY: '-1',
        VITE_SERVICE_PROVIDER_ID: '1234',
        VITE_HELP_EMAIL: 'not-an-email',
        VITE_PRODUCT_NAME: '   ',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(/[=\s]/)[0]);
    expect(names.sort()).toEqual(
      [
        'VITE_API_BASE_URL',
        'VITE_FLAG_PIX_BLOCK',
        'VITE_HELP_EMAIL',
        'VITE_PIX_FEE_LEGAL_ENTITY',
        'VITE_PRODUCT_NAME',
        'VITE_REQUEST_TIMEOUT_MS',
        'VITE_SERVICE_PROVIDER_ID',
      ].sort(),
    );
    expect((error as ConfigError).message).toContain('VITE_FLAG_PIX_BLOCK="maybe"');
  });

  it('does not let one loaded configuration change the defaults', () => {
    loadConfig({ VITE_FLAG_PIX_BLOCK: 'true' });
    expect(defaultConfig.flags.pixBlock).toBe(false);
    expect(Object.isFrozen(loadConfig({}).flags)).toBe(true);
  });
});
