/**
 * The address book (1-access-shell-statement.md §2 Address book, §4 Address edit, §8): a
 * projection of machines/profile/address-book.machine.ts, shown on /ProfileAddressBook and in the
 * dialog opened from the profile. The list and the dialogs it opens (the full-screen form, the
 * delete confirmation) are separate components so that a host dialog can render the dialogs
 * beside itself rather than inside: a dialog nested in another's React tree would have its Tab
 * key trapped by both.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import {
  addressBookMachine,
  type AddressBookAccount,
  type ShownAddress,
} from '../../../machines/profile/address-book.machine';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { queryKeys } from '../../api/queries';
import { Button } from '../../ui/button';
import { BookArea, BookRowActions, useFocusAfterDialog } from '../../ui/book-view';
import { useToast } from '../../ui/toasts';
import { AddressFormDialog } from './dialogs/address-form-dialog';
import { DeleteAddressDialog } from './dialogs/delete-address-dialog';
import { addressPlace, addressTitle, formatCep } from './profile-ui';

/** The running address book. */
export type AddressBookActor = ActorRefFrom<typeof addressBookMachine>;

/**
 * Starts the address book for an account and acts on what it emits: the success toasts of §8, and
 * after an edit (§4) the reloaded client stored in the session and in the query cache. A delete
 * may move the profile's mail address to another row, so the client is read again.
 */
export function useAddressBook(input: AddressBookAccount): AddressBookActor {
  const newId = useNewId();
  const actor = useFlow('address-book', addressBookMachine, { ...input, newId });
  const toast = useToast();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accountId = input.accountId;
  useEffect(() => {
    const subs = [
      actor.on('address.saved', () => toast.success(t('ADDRESS_BOOK.SAVED'))),
      actor.on('address.deleted', () => {
        toast.success(t('ADDRESS_BOOK.DELETED'));
        void queryClient.invalidateQueries({ queryKey: queryKeys.client(accountId) });
      }),
      actor.on('client.reloaded', (event) => {
        session.update({ client: event.client, accountInfo: event.account });
        queryClient.setQueryData(queryKeys.client(accountId), {
          client: event.client,
          account: event.account,
        });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, toast, t, queryClient, accountId]);
  return actor;
}

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  & h2,
  & h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  & p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

export interface AddressBookContentProps {
  actor: AddressBookActor;
  /** Level of each address's heading: 2 on the page (under its h1), 3 in the dialog (under its h2). */
  headingLevel: 2 | 3;
  /** The 'add' button, so focus can come back to it when the row that had it is gone. */
  addButtonRef: RefObject<HTMLButtonElement | null>;
}

function AddressItem({
  address,
  headingLevel,
  onEdit,
  onDelete,
  canAct,
}: {
  address: ShownAddress;
  headingLevel: 2 | 3;
  onEdit: () => void;
  onDelete: () => void;
  canAct: boolean;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = addressTitle(address);
  return (
    <Item>
      <div>
        <Heading>{address.descricao || title}</Heading>
        {address.descricao && <p>{title}</p>}
        <p>{addressPlace(address)}</p>
        <p>{t('ADDRESS_BOOK.CEP_LINE', { cep: formatCep(address.cep) })}</p>
      </div>
      <BookRowActions
        editLabel={t('ADDRESS_BOOK.EDIT_ITEM', { address: title })}
        deleteLabel={t('ADDRESS_BOOK.DELETE_ITEM', { address: title })}
        disabled={!canAct}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </Item>
  );
}

/** The list (or 'Nenhum registro encontrado!'), its loading and load failure, and the add button. */
export function AddressBookContent({ actor, headingLevel, addButtonRef }: AddressBookContentProps) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadError'));
  const browsing = useSelector(actor, (s) => s.matches('browsing'));
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const error = useSelector(actor, (s) => s.context.error);

  // A dialog of the book closed with focus nowhere (its row gone after a delete): the add button.
  useFocusAfterDialog(
    useSelector(actor, (s) => s.hasTag('dialog')),
    addButtonRef,
  );

  return (
    <>
      <Toolbar>
        <Button ref={addButtonRef} onClick={() => actor.send({ type: 'address.add' })} disabled={!browsing}>
          {t('ADDRESS_BOOK.ADD')}
        </Button>
      </Toolbar>
      <BookArea
        loading={loading}
        loadingLabel={t('ADDRESS_BOOK.LOADING')}
        loadFailed={loadFailed}
        loadErrorText={t('ADDRESS_BOOK.LOAD_ERROR')}
        error={error}
        onRetry={() => actor.send({ type: 'retry' })}
        empty={!loading && !loadFailed && addresses.length === 0}
      >
        {!loading && !loadFailed && addresses.length > 0 && (
          <List aria-label={t('ADDRESS_BOOK.LIST_LABEL')}>
            {addresses.map((a) => (
              <AddressItem
                key={a.addressId ?? addressTitle(a)}
                address={a}
                headingLevel={headingLevel}
                canAct={browsing}
                onEdit={() => a.addressId && actor.send({ type: 'address.edit', addressId: a.addressId })}
                onDelete={() => a.addressId && actor.send({ type: 'address.delete', addressId: a.addressId })}
              />
            ))}
          </List>
        )}
      </BookArea>
    </>
  );
}

/** The dialogs the book opens: the full-screen form and the delete confirmation. */
export function AddressBookDialogs({ actor }: { actor: AddressBookActor }) {
  const formOpen = useSelector(actor, (s) => s.matches('form'));
  const confirmOpen = useSelector(actor, (s) => s.matches('confirmingDelete'));
  return (
    <>
      {formOpen && <AddressFormDialog actor={actor} />}
      {confirmOpen && <DeleteAddressDialog actor={actor} />}
    </>
  );
}

/** The whole book on a page: list and dialogs. */
export function AddressBook({ input, headingLevel }: { input: AddressBookAccount; headingLevel: 2 | 3 }) {
  const actor = useAddressBook(input);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <AddressBookContent actor={actor} headingLevel={headingLevel} addButtonRef={addButtonRef} />
      <AddressBookDialogs actor={actor} />
    </>
  );
}
