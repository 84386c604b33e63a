/** This bank, as it appears in receipts (brinksBankAccount) and Pix end-to-end ids. */
export const OWN_BANK = {
  code: '999',
  ispb: '99999999',
  name: 'Banco Sandbox S.A.',
  branch: '0001',
} as const;
