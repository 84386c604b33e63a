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
import { media, QUERIES, useMediaQuery } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { Actions, useLeaveWhenDone } from './parts';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${({ theme }) => theme.space(3)};
    text-align: start;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  & th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & .amount {
    text-align: end;
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  & p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

const Expired = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
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

export default function DepositListPage() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(QUERIES.phone);
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
        <div aria-busy={loading || undefined} aria-live="polite">
          {loading && <p>{t('DEPOSIT.LOADING')}</p>}
          {!loading && !failed && ctx.rows.length === 0 && <EmptyState title={t('DEPOSIT.EMPTY')} />}
          {!loading && ctx.rows.length > 0 && phone && (
            <Cards aria-label={t('DEPOSIT.LIST_TITLE')}>
              {ctx.rows.map((d) => (
                <li key={d.idDeposit}>
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
                </li>
              ))}
            </Cards>
          )}
          {!loading && ctx.rows.length > 0 && !phone && (
            <Table>
              <VisuallyHidden as="caption">{t('DEPOSIT.LIST_TITLE')}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col" className="amount">
                    {t('DEPOSIT.TOTAL')}
                  </th>
                  <th scope="col">{t('DEPOSIT.CREATED')}</th>
                  <th scope="col">{t('DEPOSIT.DUE_DATE')}</th>
                  <th scope="col">{t('DEPOSIT.ACTION')}</th>
                </tr>
              </thead>
              <tbody>
                {ctx.rows.map((d) => (
                  <tr key={d.idDeposit}>
                    <td className="amount">{amount(d)}</td>
                    <td>{created(d)}</td>
                    <td>{formatDate(d.dueDate, i18n.language)}</td>
                    <td>{action(d)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        <Pager aria-label={t('DEPOSIT.PAGER')}>
          <Select
            label={t('DEPOSIT.PAGE_SIZE')}
            value={String(ctx.pageSize)}
            disabled={!ready}
            onChange={(e) => actor.send({ type: 'pageSize.change', pageSize: Number(e.target.value) })}
            options={DEPOSIT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <span>
            {t('DEPOSIT.PAGE_OF', { page: ctx.pageNumber, pages: lastPage, count: ctx.recordCount })}
          </span>
          <Actions>
            <Button
              variant="secondary"
              disabled={!ready || ctx.pageNumber <= 1}
              onClick={() => actor.send({ type: 'page.change', pageNumber: ctx.pageNumber - 1 })}
            >
              {t('DEPOSIT.PREVIOUS')}
            </Button>
            {Array.from({ length: lastPage }, (_, i) => i + 1).map((n) => (
              <Button
                key={n}
                variant={n === ctx.pageNumber ? 'primary' : 'secondary'}
                aria-label={t('DEPOSIT.PAGE_N', { page: n })}
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
              {t('DEPOSIT.NEXT')}
            </Button>
          </Actions>
        </Pager>
        <Actions>
          <Button variant="text" onClick={() => actor.send({ type: 'back' })}>
            {t('DEPOSIT.BACK')}
          </Button>
        </Actions>
      </Card>
    </>
  );
}
