/**
 * /PixShedulingPage, the scheduled Pix (4-pix-part-two.md §2 Scheduled payments, §9; issue 28): a
 * projection of machines/pix/pix-schedules.machine.ts. A table on wide screens (key, recipient,
 * payment date, creation date, value, status, actions; the id is in the actions' names only); on a
 * phone each schedule is a card so nothing scrolls sideways. A failed schedule says why; only a
 * pending one offers Excluir.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import {
  isDeletable,
  pixSchedulesMachine,
  SCHEDULE_PAGE_SIZES,
  type PixSchedule,
} from '../../../machines/pix/pix-schedules.machine';
import { errorTextToShow } from '../../api/errors';
import { formatBRL } from '../../format/brl';
import { formatDate } from '../../format/dates';
import { useFlow } from '../../runtime/use-flow';
import { media, QUERIES, useMediaQuery } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { Select } from '../../ui/select';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { ScheduleStatus } from './pix-schedule-status';

/**
 * The receipt and the delete confirmation load when one is opened, not with the page: the route's
 * first load stays under the protected routes' budget (scripts/bundle-budget.ts).
 */
const ScheduleReceiptDialog = lazy(() =>
  import('./pix-schedule-dialogs').then((m) => ({ default: m.ScheduleReceiptDialog })),
);
const DeleteScheduleDialog = lazy(() =>
  import('./pix-schedule-dialogs').then((m) => ({ default: m.DeleteScheduleDialog })),
);

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${({ theme }) => theme.space(3)};
    text-align: start;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & .amount {
    text-align: end;
    white-space: nowrap;
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  ${media.phone} {
    flex-direction: column;
    align-items: stretch;
  }
`;

export default function PixSchedulesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const phone = useMediaQuery(QUERIES.phone);
  const [, navigate] = useLocation();
  const actor = useFlow('pix-schedules', pixSchedulesMachine, undefined, {
    onDone: (output) => navigate(output.to),
  });

  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const ready = state.matches('ready');
  const loading = state.matches('loading');
  const failed = state.matches('failed');
  const lastPage = Math.max(1, Math.ceil(ctx.recordCount / ctx.pageSize));

  const status = (s: PixSchedule) => <ScheduleStatus schedule={s} />;
  const actions = (s: PixSchedule) => (
    <Row>
      <Button
        variant="secondary"
        disabled={!ready}
        loading={state.matches('loadingReceipt') && ctx.selectedId === s.idPixPaymentSchedule}
        aria-label={t('PIX_SCHEDULES.RECEIPT_OF', { id: s.idPixPaymentSchedule })}
        onClick={() => actor.send({ type: 'receipt.open', idPixPaymentSchedule: s.idPixPaymentSchedule })}
      >
        {t('PIX_SCHEDULES.RECEIPT')}
      </Button>
      {isDeletable(s) && (
        <Button
          variant="danger"
          disabled={!ready}
          aria-label={t('PIX_SCHEDULES.DELETE_OF', { id: s.idPixPaymentSchedule })}
          onClick={() => actor.send({ type: 'delete.ask', idPixPaymentSchedule: s.idPixPaymentSchedule })}
        >
          {t('PIX_SCHEDULES.DELETE')}
        </Button>
      )}
    </Row>
  );

  const receipt = ctx.receipt;
  return (
    <>
      <PageTitle>{t('PIX_SCHEDULES.TITLE')}</PageTitle>
      <Card>
        {failed && (
          <ErrorAlert
            action={<Button onClick={() => actor.send({ type: 'retry' })}>{t('PIX_SCHEDULES.RETRY')}</Button>}
          >
            {errorTextToShow(ctx.error, t) ?? t('PIX_SCHEDULES.LIST_FAILED')}
          </ErrorAlert>
        )}
        {ctx.receiptFailed && <ErrorAlert>{t('PIX_SCHEDULES.RECEIPT_FAILED')}</ErrorAlert>}
        {ctx.deleteError && (
          <ErrorAlert>
            {t('PIX_SCHEDULES.DELETE_FAILED')} {errorTextToShow(ctx.deleteError, t)}
          </ErrorAlert>
        )}
        <p role="status">{ctx.deleted && !loading ? t('PIX_SCHEDULES.DELETED') : ''}</p>
        <div aria-busy={loading || undefined} aria-live="polite">
          {loading && <p>{t('PIX_SCHEDULES.LOADING')}</p>}
          {!loading && !failed && ctx.rows.length === 0 && <EmptyState title={t('PIX_SCHEDULES.EMPTY')} />}
          {!loading && ctx.rows.length > 0 && phone && (
            <Cards aria-label={t('PIX_SCHEDULES.TITLE')}>
              {ctx.rows.map((s) => (
                <li key={s.idPixPaymentSchedule}>
                  <p>
                    <strong>{formatBRL(s.value)}</strong> · {s.favoredName}
                  </p>
                  {s.recipientAlias && <p>{s.recipientAlias}</p>}
                  <p>
                    {t('PIX_SCHEDULES.PAYMENT_DATE')}: {formatDate(s.paymentDate, lng)}
                  </p>
                  <p>
                    {t('PIX_SCHEDULES.CREATED_AT')}: {formatDate(s.createdAt, lng)}
                  </p>
                  <p>{status(s)}</p>
                  {actions(s)}
                </li>
              ))}
            </Cards>
          )}
          {!loading && ctx.rows.length > 0 && !phone && (
            <Table>
              <VisuallyHidden as="caption">{t('PIX_SCHEDULES.TITLE')}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">{t('PIX_SCHEDULES.RECIPIENT_ALIAS')}</th>
                  <th scope="col">{t('PIX_SCHEDULES.NAME')}</th>
                  <th scope="col">{t('PIX_SCHEDULES.PAYMENT_DATE')}</th>
                  <th scope="col">{t('PIX_SCHEDULES.CREATED_AT')}</th>
                  <th scope="col" className="amount">
                    {t('PIX_SCHEDULES.VALUE')}
                  </th>
                  <th scope="col">{t('PIX_SCHEDULES.STATUS')}</th>
                  <th scope="col">{t('PIX_SCHEDULES.ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {ctx.rows.map((s) => (
                  <tr key={s.idPixPaymentSchedule}>
                    <td>{s.recipientAlias ?? '—'}</td>
                    <td>{s.favoredName ?? '—'}</td>
                    <td>{formatDate(s.paymentDate, lng)}</td>
                    <td>{formatDate(s.createdAt, lng)}</td>
                    <td className="amount">{formatBRL(s.value)}</td>
                    <td>{status(s)}</td>
                    <td>{actions(s)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        <Pager aria-label={t('PIX_SCHEDULES.PAGER')}>
          <Select
            label={t('PIX_SCHEDULES.PAGE_SIZE')}
            value={String(ctx.pageSize)}
            disabled={!ready}
            onChange={(e) => actor.send({ type: 'pageSize.change', pageSize: Number(e.target.value) })}
            options={SCHEDULE_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <span>
            {t('PIX_SCHEDULES.PAGE_OF', { page: ctx.pageNumber, pages: lastPage, count: ctx.recordCount })}
          </span>
          <Row>
            <Button
              variant="secondary"
              disabled={!ready || ctx.pageNumber <= 1}
              onClick={() => actor.send({ type: 'page.change', pageNumber: ctx.pageNumber - 1 })}
            >
              {t('PIX_SCHEDULES.PREVIOUS')}
            </Button>
            {Array.from({ length: lastPage }, (_, i) => i + 1).map((n) => (
              <Button
                key={n}
                variant={n === ctx.pageNumber ? 'primary' : 'secondary'}
                aria-label={t('PIX_SCHEDULES.PAGE_N', { page: n })}
                aria-current={n === ctx.pageNumber ? 'page' : undefined}
                disabled={!ready}
                onClick={() => actor.send({ type: 'page.change', pageNumber: n })}
              >
                {n}
              </Button>
            ))}
            <Button
              variant="secondary"
              disabled={!ready || ctx.pageNumber >= lastPage}
              onClick={() => actor.send({ type: 'page.change', pageNumber: ctx.pageNumber + 1 })}
            >
              {t('PIX_SCHEDULES.NEXT')}
            </Button>
          </Row>
        </Pager>
        <Row>
          <Button variant="text" onClick={() => actor.send({ type: 'back' })} disabled={!ready && !failed}>
            {t('PIX_SCHEDULES.BACK')}
          </Button>
        </Row>
      </Card>
      {state.matches('receipt') && receipt && (
        <Suspense fallback={null}>
          <ScheduleReceiptDialog schedule={receipt} onClose={() => actor.send({ type: 'receipt.close' })} />
        </Suspense>
      )}
      {(state.matches('confirmingDelete') || state.matches('deleting')) && (
        <Suspense fallback={null}>
          <DeleteScheduleDialog
            busy={state.matches('deleting')}
            onCancel={() => actor.send({ type: 'delete.cancel' })}
            onConfirm={() => actor.send({ type: 'delete.confirm' })}
          />
        </Suspense>
      )}
    </>
  );
}
