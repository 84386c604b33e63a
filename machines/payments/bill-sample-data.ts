/**
 * Test data of the bill-payment fixtures: two codes of the sandbox's seed as it is built on
 * 2026-11-24 (sandbox/db/seed-bills.ts: the condominium's overdue bank slip of Bradesco and the energy
 * company's utility slip) and the details the bank answers for them. The codes are checked
 * by tests/machines (parseBoleto on BILL_TODAY), so a wrong digit here fails the suite.
 */
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];

/** The fixtures' today: the due-date window and the dueDate sent (7 days before) read it. */
export const BILL_TODAY = '2026-11-24';

/** A bank slip of Bradesco: R$ 1.230,45, due 2026-11-12 (overdue), Condomínio Edifício Flores. */
export const SLIP_LINE = '23790000090000022026911000012374616280000123045';
export const SLIP_BARCODE = '23796162800001230450000000000220261100001237';

/** A utility slip (first digit 8, energy): R$ 187,43, Companhia Paulista de Energia Elétrica. */
export const UTILITY_LINE = '836400000011874300482021612010048306000000000000';
export const UTILITY_BARCODE = '83640000001874300482026120100483000000000000';

/** A line whose last digit was changed: its check digit fails (ERROR_ANY_BLOCK). */
export const BROKEN_LINE = `${SLIP_LINE.slice(0, -1)}1`;

/** The bank's details of the bank slip, overdue: fine and interest added. */
export const SLIP_DETAILS: Schemas['BillDetails'] = {
  beneficiary: {
    name: 'Condomínio Edifício Flores',
    taxIdentifier: { country: 'BRA', taxId: '38152746000193' },
  },
  paymentDetails: {
    barcode: SLIP_BARCODE,
    dueDate: '2026-11-12',
    totalAmount: 1230.45,
    consolidatedAmount: 1259.98,
    discount: 0,
    deductions: 0,
    interest: 4.92,
    fine: 24.61,
  },
};

/** Details whose total is below the bill's minimum (ERROR_MINIMUM): Pay stays disabled. */
export const BELOW_MINIMUM_DETAILS: Schemas['BillDetails'] = {
  beneficiary: { name: 'Cartões Horizonte Administradora Ltda' },
  paymentDetails: {
    barcode: SLIP_BARCODE,
    dueDate: '2026-11-29',
    totalAmount: 50,
    consolidatedAmount: 50,
    discount: 0,
    deductions: 0,
    interest: 0,
    fine: 0,
    minimumAmount: 100,
    maximumAmount: 2345.67,
  },
};

/** A transaction id as the bank answers it. */
export const BILL_TRANSACTION_ID = '5d0c2a8e-7b41-4f6a-9e3d-1a2b3c4d5e6f';
