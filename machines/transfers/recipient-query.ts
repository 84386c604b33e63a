/**
 * The recipient book's query (2-money-movement.md §2 Recipient book, §3 Paging request, §9 grid
 * constants; 3-pix-part-one.md §2 Recipient book (Pix variant), §7): the page, page size, sort and
 * filter the grid asks the bank for, and how a change of any of them gives the next query. Pure:
 * machines/transfers/recipient-book.machine.ts keeps the query in its context and re-exports these.
 */
import type { components } from '../../openapi/portal';
import { isRecipientKind, type RecipientKind } from '../validators/recipient.ts';

type Schemas = components['schemas'];

/** §9: the grid's page sizes (initial 10). */
export const RECIPIENT_PAGE_SIZES = [5, 10, 20] as const;
export type RecipientPageSize = (typeof RECIPIENT_PAGE_SIZES)[number];

/** The columns the bank sorts on (contract field names); §9 default idRecipient descending. */
export const RECIPIENT_SORT_FIELDS = [
  'idRecipient',
  'recipientType',
  'nickname',
  'bankName',
  'accountNumber',
  'cpfCnpj',
  'key',
] as const;
export type RecipientSortField = (typeof RECIPIENT_SORT_FIELDS)[number];

/**
 * The dataset of the paging call. The spec shows the path's placeholder only; the bank serves one
 * dataset of recipients, named so.
 */
export const RECIPIENT_DATASET = 'recipients';

/** What the grid asks the bank for. */
export interface RecipientQuery {
  pageNumber: number;
  pageSize: RecipientPageSize;
  fieldToSort: RecipientSortField;
  /** 0 ascending, 1 descending (§3 Paging request). */
  direction: 0 | 1;
  /** The recipient_type filter (§2); null lists every kind. */
  recipientType: RecipientKind | null;
  /** The Pix variant's filter is_pix (3-pix-part-one.md §7), instead of recipient_type. */
  pixOnly: boolean;
}

/**
 * The book's variants: 'book' (/Transfer/Recipient and the transfer screens' dialog) and 'pix'
 * (/PixRecipientPage, 3-pix-part-one.md §2 Recipient book (Pix variant)).
 */
export type RecipientBookVariant = 'book' | 'pix';

/**
 * 3-pix-part-one.md §2: the Pix book's first page size is 20. Its default sort "by id" has no
 * direction in the spec; decision: idRecipient descending like the TED book, so the newest
 * recipient (the one just saved) is on top of page 1 in both books.
 */
export const PIX_RECIPIENT_PAGE_SIZE: RecipientPageSize = 20;

/** The paging request of a query (§3 Paging request; filter recipient_type, §2). */
export function pagingRequestOf(q: RecipientQuery): Schemas['PagingRequest'] {
  return {
    datasets: [RECIPIENT_DATASET],
    filters: q.pixOnly
      ? { is_pix: true }
      : q.recipientType === null
        ? {}
        : { recipient_type: q.recipientType },
    groups: [],
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    fieldToSort: q.fieldToSort,
    direction: q.direction,
  };
}

const isPageSize = (n: number): n is RecipientPageSize =>
  (RECIPIENT_PAGE_SIZES as readonly number[]).includes(n);
const isSortField = (f: string): f is RecipientSortField =>
  (RECIPIENT_SORT_FIELDS as readonly string[]).includes(f);

/**
 * A change of the grid's query: a page, a page size, a sort or the type filter (any of them). The
 * grid offers only valid values; anything else is read as "keep what is shown" rather than refused,
 * so a stale or odd request still leads to a page the bank can serve.
 */
export type QueryChange = {
  pageNumber?: number;
  pageSize?: number;
  fieldToSort?: string;
  direction?: 0 | 1;
  /** A recipient kind, or null for every kind. */
  recipientType?: string | null;
};

/**
 * The query after a change: page size, sort and filter as asked when valid (each one back to page
 * 1, since the pages are no longer the same); a page number alone kept between 1 and the last page.
 */
export function nextQuery(
  context: { query: RecipientQuery; totalPages: number },
  change: QueryChange,
): RecipientQuery {
  const q = context.query;
  const reshapes =
    change.pageSize !== undefined || change.fieldToSort !== undefined || change.recipientType !== undefined;
  const last = Math.max(1, context.totalPages);
  const page = Number.isInteger(change.pageNumber)
    ? Math.min(last, Math.max(1, change.pageNumber ?? 1))
    : q.pageNumber;
  return {
    pageSize: change.pageSize !== undefined && isPageSize(change.pageSize) ? change.pageSize : q.pageSize,
    fieldToSort:
      change.fieldToSort !== undefined && isSortField(change.fieldToSort)
        ? change.fieldToSort
        : q.fieldToSort,
    direction: change.direction === 0 || change.direction === 1 ? change.direction : q.direction,
    pixOnly: q.pixOnly,
    // The Pix book lists Pix recipients only: its kind never changes.
    recipientType:
      change.recipientType === undefined || q.pixOnly
        ? q.recipientType
        : change.recipientType !== null && isRecipientKind(change.recipientType)
          ? change.recipientType
          : null,
    pageNumber: reshapes ? 1 : page,
  };
}
