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
import { media, QUERIES, useMediaQuery } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { VisuallyHidden } from '../../ui/visually-hidden';

/** The dialogs load when one opens, not with the page (the route's first-load budget). */
const DetailDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedDetailDialog })));
const CancelDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedCancelDialog })));
const ContestDialog = lazy(() => import('./pix-med-dialogs').then((m) => ({ default: m.MedContestDialog })));
const InfractionDialog = lazy(() => import('./statement/pix-infraction-dialog'));

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

const Contest = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  & p {
    margin: 0;
  }
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

export default function PixMedPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const phone = useMediaQuery(QUERIES.phone);
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
        <div aria-busy={loading || undefined} aria-live="polite">
          {loading && <p>{t('PIX_MED.LOADING')}</p>}
          {!loading && !failed && ctx.rows.length === 0 && <EmptyState title={t('PIX_MED.EMPTY')} />}
          {!loading && rows.length > 0 && phone && (
            <Cards aria-label={t('PIX_MED.TITLE')}>
              {rows.map((i) => (
                <li key={i.idInfraction}>
                  <p>
                    <strong>{status(i)}</strong> · {origin(i)}
                  </p>
                  <p>
                    {t(`PIX_MED.TYPES.${i.infractionType}`)} · {formatDateTime(i.createdAt, lng)}
                  </p>
                  {actions(i)}
                </li>
              ))}
            </Cards>
          )}
          {!loading && rows.length > 0 && !phone && (
            <Table>
              <VisuallyHidden as="caption">{t('PIX_MED.TITLE')}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">{t('PIX_MED.CREATED_AT')}</th>
                  <th scope="col">{t('PIX_MED.TYPE')}</th>
                  <th scope="col">{t('PIX_MED.ORIGIN')}</th>
                  <th scope="col">{t('PIX_MED.STATUS')}</th>
                  <th scope="col">{t('PIX_MED.ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => (
                  <tr key={i.idInfraction}>
                    <td>{formatDateTime(i.createdAt, lng)}</td>
                    <td>{t(`PIX_MED.TYPES.${i.infractionType}`)}</td>
                    <td>{origin(i)}</td>
                    <td>{status(i)}</td>
                    <td>{actions(i)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        {pages > 1 && (
          <Pager aria-label={t('PIX_MED.PAGER')}>
            <span>{t('PIX_MED.PAGE_OF', { page: ctx.pageNumber, pages, count: ctx.rows.length })}</span>
            <Row>
              <Button
                variant="secondary"
                disabled={!ready || ctx.pageNumber <= 1}
                onClick={() => actor.send({ type: 'page.change', pageNumber: ctx.pageNumber - 1 })}
              >
                {t('PIX_MED.PREVIOUS')}
              </Button>
              {Array.from({ length: pages }, (_, n) => n + 1).map((n) => (
                <Button
                  key={n}
                  variant={n === ctx.pageNumber ? 'primary' : 'secondary'}
                  aria-label={t('PIX_MED.PAGE_N', { page: n })}
                  aria-current={n === ctx.pageNumber ? 'page' : undefined}
                  disabled={!ready}
                  onClick={() => actor.send({ type: 'page.change', pageNumber: n })}
                >
                  {n}
                </Button>
              ))}
              <Button
                variant="secondary"
                disabled={!ready || ctx.pageNumber >= pages}
                onClick={() => actor.send({ type: 'page.change', pageNumber: ctx.pageNumber + 1 })}
              >
                {t('PIX_MED.NEXT')}
              </Button>
            </Row>
          </Pager>
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
