import type { components } from '../../openapi/portal.d.ts';
import { findHolder, nationalPhone } from '../db/queries.ts';
import { badRequest, catalogueError, ok, tooManyAttempts, type Reply } from '../http/replies.ts';
import {
  companyOfPhone,
  contactError,
  countLookup,
  lookupWaitSeconds,
  nationalMobile,
} from '../sim/contacts.ts';
import { companyByCnpj } from './recipients.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * The contact lookups by mobile phone (issue 31; 2-money-movement.md §7; rules and limits in
 * sim/contacts.ts): one phone with the contact's data (getContactUserByPhone), or many phones
 * answered yes or no (checkEnabledUsers). Both serve the company transfer addressed by phone.
 */

function getContactUserByPhone(
  input: OperationInput<'getContactUserByPhone'>,
  { db, now }: SandboxContext,
): Reply {
  const holderId = input.session?.holderId;
  if (!holderId) return catalogueError(401, 'unauthorized');
  const national = nationalMobile(input.params.phone);
  if (!national)
    return badRequest('Celular inválido.', [
      { field: 'phone', message: 'must be a Brazilian mobile: DDD, 9 and 8 digits (55 optional)' },
    ]);
  // Refused while the budget is spent: nothing is looked up, so the wait reveals nothing.
  const wait = lookupWaitSeconds(db, holderId, 1, now());
  if (wait > 0) return tooManyAttempts(wait);
  const found = companyOfPhone(db, national, holderId);
  const company = found ? companyByCnpj(db, found.taxId) : undefined;
  countLookup(db, holderId, company !== undefined && company.accounts.length > 0, now());
  if (!company || company.accounts.length === 0) return contactError(404, 'phoneNotFound');
  const holder = findHolder(db, company.holderId);
  return ok<Schemas['ContactLookup']>({
    accounts: company.accounts,
    accountHolder: {
      name: company.name,
      mobilePhones: holder?.phone ? [{ country: 'BRA', phoneNumber: nationalPhone(holder.phone) }] : [],
    },
    client: { name: company.name, taxIdentifier: { taxId: company.taxId, country: 'BRA' } },
  });
}

function checkEnabledUsers(input: OperationInput<'checkEnabledUsers'>, { db, now }: SandboxContext): Reply {
  const holderId = input.session?.holderId;
  if (!holderId) return catalogueError(401, 'unauthorized');
  if (input.query.ddi !== '55')
    return badRequest('DDI não atendido.', [
      { field: 'ddi', message: 'the bank has Brazilian phones only (55)' },
    ]);
  const phones = input.body.enabledUsers;
  const countries = phones.flatMap((p, i) =>
    p.country !== undefined && p.country !== 'BRA'
      ? [{ field: `enabledUsers[${i}].country`, message: 'must be BRA' }]
      : [],
  );
  if (countries.length > 0) return badRequest('País não atendido.', countries);
  const wait = lookupWaitSeconds(db, holderId, phones.length, now());
  if (wait > 0) return tooManyAttempts(wait);
  const enabledUsers = phones.map(({ phoneNumber }) => {
    const national = nationalMobile(phoneNumber);
    const enabled = national !== undefined && companyOfPhone(db, national, holderId) !== undefined;
    countLookup(db, holderId, enabled, now());
    return { phoneNumber, enabled };
  });
  return ok<Schemas['EnabledUsersResult']>({ enabledUsers });
}

export const contactHandlers = { getContactUserByPhone, checkEnabledUsers } satisfies Handlers;
