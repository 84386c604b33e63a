/**
 * The Pix variant of the recipient book (3-pix-part-one.md §2 Recipient book (Pix variant), §7):
 * what the variant changes is the query (is_pix, 20 a page) and the form's first values, never a
 * state or a guard, which is why one catalog entry covers both books.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  nextQuery,
  pagingRequestOf,
  recipientBookMachine,
  type RecipientQuery,
} from '../../machines/transfers/recipient-book.machine';

const PIX_QUERY: RecipientQuery = {
  pageNumber: 1,
  pageSize: 20,
  fieldToSort: 'idRecipient',
  direction: 1,
  recipientType: 'Pix',
  pixOnly: true,
};

describe('the Pix recipient book (variant pix)', () => {
  it('starts on page 1 of 20 by id descending, filtered by is_pix, with the Pix form', () => {
    const actor = createActor(recipientBookMachine.provide({}), {
      input: { accountId: '1000001', variant: 'pix' },
    });
    const { query } = actor.getSnapshot().context;
    expect(query).toEqual(PIX_QUERY);
    expect(pagingRequestOf(query)).toMatchObject({ filters: { is_pix: true }, pageSize: 20 });
    const book = createActor(recipientBookMachine.provide({}), { input: { accountId: '1000001' } });
    expect(book.getSnapshot().context.query).toMatchObject({
      pageSize: 10,
      pixOnly: false,
      recipientType: null,
    });
    expect(pagingRequestOf(book.getSnapshot().context.query).filters).toEqual({});
  });

  it('keeps is_pix through every change; a type filter cannot leave Pix', () => {
    const context = { query: PIX_QUERY, totalPages: 3 };
    expect(nextQuery(context, { recipientType: 'BankTransfer' })).toMatchObject({
      recipientType: 'Pix',
      pixOnly: true,
    });
    expect(nextQuery(context, { pageSize: 5 })).toMatchObject({ pageSize: 5, pixOnly: true, pageNumber: 1 });
    expect(nextQuery(context, { fieldToSort: 'key', direction: 0 })).toMatchObject({
      fieldToSort: 'key',
      direction: 0,
      pixOnly: true,
    });
    expect(pagingRequestOf(nextQuery(context, { pageNumber: 2 }))).toMatchObject({
      pageNumber: 2,
      filters: { is_pix: true },
    });
  });
});
