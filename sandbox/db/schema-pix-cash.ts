/**
 * Migration "Pix Saque and Pix Troco" (issue 29; sandbox/sim/pix-cash.ts), appended to the list of
 * db/schema.ts: a charge may carry a cash value (Saque: all of it; Troco: the change), with the
 * agent's modality and the withdrawal service provider's ISPB its payload names.
 */
export const PIX_CASH_MIGRATION = `
  ALTER TABLE pix_charges ADD COLUMN cash_kind TEXT CHECK (cash_kind IS NULL OR cash_kind IN ('SAQUE', 'TROCO'));
  ALTER TABLE pix_charges ADD COLUMN cash_cents INTEGER CHECK (cash_cents IS NULL OR cash_cents > 0);
  ALTER TABLE pix_charges ADD COLUMN agent_modality TEXT;
  ALTER TABLE pix_charges ADD COLUMN service_provider_ispb TEXT;
`;
