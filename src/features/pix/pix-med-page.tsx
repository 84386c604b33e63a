/**
 * /PixMEDPage, the infractions (MED) list with the self-service contest (4-pix-part-two.md §2
 * Infractions, §4, §8, §9; issue 31): a projection of machines/pix/pix-med.machine.ts. A table on
 * wide screens (opened on, type, origin, status, actions); on a phone each infraction is a card so
 * nothing scrolls sideways. 'Contestar um Pix' lists the Pix that may be contested and opens the
 * part-one report dialog on the one chosen (the same as the Pix statement's row action).
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import {
  infractionOrigin,
  isCancellable,
  lastPage,
  shownStatus,
  type Infraction,
} from '../../../machines/pix/pix-med-rules';
import { pageRows, pixMedMachine } from '../../../machines/pix/pix-med.machine';
import { errorTextToShow } from '../../api/errors';
import { formatDateTime } from '../../format/dates';
import { config } from '../../runtime/config';
import { useFlow } from '../../runtime/use-flow';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { ButtonRow as Row, PagedGrid, Pager } from '../../ui/paged-grid';

/** The dialogs load when one opens, not with the page (the route's first-load budget). */
const DetailDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedDetailDialog })));
const CancelDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedCancelDialog })));
const ContestDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedContestDialog })));
const InfractionDialog = lazy(() => import('./statement/pix-infraction-dialog'));

const Contest = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  & p {
    margin: 0;
  }
`;

export default function PixMedPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [, navigate] = useLocation();
  const session = useSession();
  const accountId = session?.account.accounts[0]?.accountId ?? '';
  const [now] = useState(() => new Date());
  const actor = useFlow(
    'pix-med',
    pixMedMachine,
    { accountId, ownIspb: config.serviceProviderId, now },
    { onDone: (output) => navigate(output.to) },
  );

  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const ready = state.matches('ready');
  const loading = state.matches('loading');
  const failed = state.matches('failed');
  const pages = lastPage(ctx.rows.length);
  const rows = pageRows(ctx);
  const selected = ctx.rows.find((r) => r.idInfraction === ctx.selectedId) ?? null;

  const status = (i: Infraction) => t(`PIX_MED.STATUSES.${shownStatus(i.infractionStatus)}`);
  const origin = (i: Infraction) => t(`PIX_MED.ORIGINS.${infractionOrigin(i, config.serviceProviderId)}`);
  const actions = (i: Infraction) => (
    <Row>
      <Button
        variant="secondary"
        disabled={!ready}
        loading={state.matches('loadingDetail') && ctx.selectedId === i.idInfraction}
        aria-label={t('PIX_MED.VIEW_OF', { id: i.idInfraction })}
        onClick={() => actor.send({ type: 'detail.open', idInfraction: i.idInfraction })}
      >
        {t('PIX_MED.VIEW')}
      </Button>
      {isCancellable(i, config.serviceProviderId) && (
        <Button
          variant="danger"
          disabled={!ready}
          aria-label={t('PIX_MED.CANCEL_OF', { id: i.idInfraction })}
          onClick={() => actor.send({ type: 'cancel.ask', idInfraction: i.idInfraction })}
        >
          {t('PIX_MED.CANCEL')}
        </Button>
      )}
    </Row>
  );

  return (
    <>
      <PageTitle>{t('PIX_MED.TITLE')}</PageTitle>
      <Card>
        <p>{t('PIX_MED.INTRO')}</p>
        <Contest aria-labelledby="med-contest">
          <p id="med-contest">{t('PIX_MED.CONTEST_HELP')}</p>
          <Row>
            <Button
              disabled={!ready}
              loading={state.matches('loadingCandidates')}
              onClick={() => actor.send({ type: 'contest.open' })}
            >
              {t('PIX_MED.CONTEST')}
            </Button>
          </Row>
          {ctx.contestError && (
            <ErrorAlert>
              {t('PIX_MED.CONTEST_FAILED')} {errorTextToShow(ctx.contestError, t)}
            </ErrorAlert>
          )}
        </Contest>
        {failed && (
          <ErrorAlert
            action={<Button onClick={() => actor.send({ type: 'retry' })}>{t('PIX_MED.RETRY')}</Button>}
          >
            {errorTextToShow(ctx.error, t) ?? t('PIX_MED.LIST_FAILED')}
          </ErrorAlert>
        )}
        {ctx.cancelError && (
          <ErrorAlert>
            {t('PIX_MED.CANCEL_FAILED')} {errorTextToShow(ctx.cancelError, t)}
          </ErrorAlert>
        )}
        <p role="status">
          {!loading && ctx.cancelled ? t('PIX_MED.CANCELLED') : ''}
          {!loading && ctx.reported ? t('PIX_MED.REPORTED') : ''}
        </p>
        <PagedGrid
          caption={t('PIX_MED.TITLE')}
          rows={rows}
          getKey={(i) => i.idInfraction}
          loading={loading}
          loadingText={t('PIX_MED.LOADING')}
          emptyText={t('PIX_MED.EMPTY')}
          failed={failed}
          columns={[
            { header: t('PIX_MED.CREATED_AT'), cell: (i) => formatDateTime(i.createdAt, lng) },
            { header: t('PIX_MED.TYPE'), cell: (i) => t(`PIX_MED.TYPES.${i.infractionType}`) },
            { header: t('PIX_MED.ORIGIN'), cell: origin },
            { header: t('PIX_MED.STATUS'), cell: status },
            { header: t('PIX_MED.ACTIONS'), cell: actions },
          ]}
          card={(i) => (
            <>
              <p>
                <strong>{status(i)}</strong> · {origin(i)}
              </p>
              <p>
                {t(`PIX_MED.TYPES.${i.infractionType}`)} · {formatDateTime(i.createdAt, lng)}
              </p>
              {actions(i)}
            </>
          )}
        />
        {pages > 1 && (
          <Pager
            ns="PIX_MED"
            pageNumber={ctx.pageNumber}
            pages={pages}
            count={ctx.rows.length}
            disabled={!ready}
            onPage={(pageNumber) => actor.send({ type: 'page.change', pageNumber })}
          />
        )}
        <Row>
          <Button variant="text" onClick={() => actor.send({ type: 'back' })} disabled={!ready && !failed}>
            {t('PIX_MED.BACK')}
          </Button>
        </Row>
      </Card>
      <Suspense fallback={null}>
        {state.matches('detail') && selected && (
          <DetailDialog
            infraction={selected}
            transaction={ctx.transaction}
            transactionFailed={ctx.transactionFailed}
            onClose={() => actor.send({ type: 'detail.close' })}
          />
        )}
        {(state.matches('confirmingCancel') || state.matches('cancelling')) && (
          <CancelDialog
            busy={state.matches('cancelling')}
            onCancel={() => actor.send({ type: 'cancel.dismiss' })}
            onConfirm={() => actor.send({ type: 'cancel.confirm' })}
          />
        )}
        {state.matches('choosing') && (
          <ContestDialog
            candidates={ctx.candidates}
            onPick={(transactionId) => actor.send({ type: 'contest.pick', transactionId })}
            onClose={() => actor.send({ type: 'contest.dismiss' })}
          />
        )}
        {state.matches('contesting') && ctx.contest && (
          <InfractionDialog
            entry={ctx.contest}
            onClose={(changed) => actor.send({ type: 'contest.done', reported: changed })}
          />
        )}
      </Suspense>
    </>
  );
}
