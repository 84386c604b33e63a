/**
 * /Deposit/Ticket, the generated deposit boletos (2-money-movement.md §2 Deposit by boleto, §4,
 * §8, §9): a projection of machines/deposits/deposit-list.machine.ts. A table on wide screens; on a
 * phone each boleto is a card (amount, dates, action) so nothing scrolls sideways. A boleto due
 * before today shows 'Expirado' instead of the print button.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  DEPOSIT_PAGE_SIZES,
  depositListMachine,
  isExpired,
  type Deposit,
  type DepositFilter,
} from '../../../machines/deposits/deposit-list.machine';
import { decimalToCents } from '../../../machines/validators/money';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { formatDate, formatDateTime, toIsoDate } from '../../format/dates';
import { useFlow } from '../../runtime/use-flow';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { PagedGrid, Pager } from '../../ui/paged-grid';
import { RadioGroup } from '../../ui/radio-group';
import { Actions, useLeaveWhenDone } from './parts';

const Expired = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export default function DepositListPage() {
  const { t, i18n } = useTranslation();
  // The filters carry today's date in São Paulo (§7); the machine reads no clock.
  const [input] = useState(() => ({ today: toIsoDate(new Date()) }));
  const actor = useFlow('deposit-list', depositListMachine, input);
  useLeaveWhenDone(actor);

  const loading = useSelector(actor, (s) => s.matches('loading'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const openingPdf = useSelector(actor, (s) => s.matches('openingPdf'));
  const ctx = useSelector(actor, (s) => s.context);
  const lastPage = Math.max(1, Math.ceil(ctx.recordCount / ctx.pageSize));

  const action = (d: Deposit) =>
    isExpired(d, ctx.today) ? (
      <Expired>{t('DEPOSIT.EXPIRED')}</Expired>
    ) : (
      <Button
        variant="secondary"
        onClick={() => actor.send({ type: 'pdf.open', idDeposit: d.idDeposit })}
        disabled={!ready}
        loading={openingPdf && ctx.pdfId === d.idDeposit}
        aria-label={t('DEPOSIT.PRINT_OF', { due: formatDate(d.dueDate, i18n.language) })}
      >
        {t('DEPOSIT.PRINT')}
      </Button>
    );
  const amount = (d: Deposit) => formatBRLFromCents(decimalToCents(d.totalAmount));
  const created = (d: Deposit) => (d.createdAt ? formatDateTime(d.createdAt, i18n.language) : '—');

  return (
    <>
      <PageTitle>{t('DEPOSIT.LIST_TITLE')}</PageTitle>
      <Card>
        <RadioGroup
          legend={t('DEPOSIT.FILTER')}
          name="deposit-filter"
          inline
          value={ctx.filter}
          disabled={!ready}
          onChange={(v) => actor.send({ type: 'filter.change', filter: v as DepositFilter })}
          options={[
            { value: 'all', label: t('DEPOSIT.FILTER_ALL') },
            { value: 'expired', label: t('DEPOSIT.FILTER_EXPIRED') },
            { value: 'almostExpired', label: t('DEPOSIT.FILTER_ALMOST') },
          ]}
        />
        {failed && (
          <ErrorAlert
            action={<Button onClick={() => actor.send({ type: 'retry' })}>{t('DEPOSIT.RETRY')}</Button>}
          >
            {errorTextToShow(ctx.error, t) ?? t('DEPOSIT.LIST_FAILED')}
          </ErrorAlert>
        )}
        {ctx.pdfFailed && <ErrorAlert>{t('DEPOSIT.PDF_FAILED')}</ErrorAlert>}
        <PagedGrid
          caption={t('DEPOSIT.LIST_TITLE')}
          rows={ctx.rows}
          getKey={(d) => d.idDeposit}
          loading={loading}
          loadingText={t('DEPOSIT.LOADING')}
          emptyText={t('DEPOSIT.EMPTY')}
          failed={failed}
          columns={[
            { header: t('DEPOSIT.TOTAL'), cell: amount, amount: true },
            { header: t('DEPOSIT.CREATED'), cell: created },
            { header: t('DEPOSIT.DUE_DATE'), cell: (d) => formatDate(d.dueDate, i18n.language) },
            { header: t('DEPOSIT.ACTION'), cell: action },
          ]}
          card={(d) => (
            <>
              <p>
                <strong>{amount(d)}</strong>
              </p>
              <p>
                {t('DEPOSIT.DUE_DATE')}: {formatDate(d.dueDate, i18n.language)}
              </p>
              <p>
                {t('DEPOSIT.CREATED')}: {created(d)}
              </p>
              {action(d)}
            </>
          )}
        />
        <Pager
          ns="DEPOSIT"
          pageNumber={ctx.pageNumber}
          pages={lastPage}
          count={ctx.recordCount}
          disabled={!ready}
          onPage={(pageNumber) => actor.send({ type: 'page.change', pageNumber })}
          pageSize={{
            value: ctx.pageSize,
            sizes: DEPOSIT_PAGE_SIZES,
            onChange: (pageSize) => actor.send({ type: 'pageSize.change', pageSize }),
          }}
        />
        <Actions>
          <Button variant="text" onClick={() => actor.send({ type: 'back' })}>
            {t('DEPOSIT.BACK')}
          </Button>
        </Actions>
      </Card>
    </>
  );
}
