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
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { ButtonRow as Row, PagedGrid, Pager } from '../../ui/paged-grid';
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

export default function PixSchedulesPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
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
        <PagedGrid
          caption={t('PIX_SCHEDULES.TITLE')}
          rows={ctx.rows}
          getKey={(s) => s.idPixPaymentSchedule}
          loading={loading}
          loadingText={t('PIX_SCHEDULES.LOADING')}
          emptyText={t('PIX_SCHEDULES.EMPTY')}
          failed={failed}
          columns={[
            { header: t('PIX_SCHEDULES.RECIPIENT_ALIAS'), cell: (s) => s.recipientAlias ?? '—' },
            { header: t('PIX_SCHEDULES.NAME'), cell: (s) => s.favoredName ?? '—' },
            { header: t('PIX_SCHEDULES.PAYMENT_DATE'), cell: (s) => formatDate(s.paymentDate, lng) },
            { header: t('PIX_SCHEDULES.CREATED_AT'), cell: (s) => formatDate(s.createdAt, lng) },
            { header: t('PIX_SCHEDULES.VALUE'), cell: (s) => formatBRL(s.value), amount: true },
            { header: t('PIX_SCHEDULES.STATUS'), cell: status },
            { header: t('PIX_SCHEDULES.ACTIONS'), cell: actions },
          ]}
          card={(s) => (
            <>
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
            </>
          )}
        />
        <Pager
          ns="PIX_SCHEDULES"
          pageNumber={ctx.pageNumber}
          pages={lastPage}
          count={ctx.recordCount}
          disabled={!ready}
          onPage={(pageNumber) => actor.send({ type: 'page.change', pageNumber })}
          pageSize={{
            value: ctx.pageSize,
            sizes: SCHEDULE_PAGE_SIZES,
            onChange: (pageSize) => actor.send({ type: 'pageSize.change', pageSize }),
          }}
        />
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
