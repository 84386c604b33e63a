/**
 * /PortabilityPage (4-pix-part-two.md §2 Portability, §4, §6, §8; issue 30): a projection of
 * machines/pix/pix-claims.machine.ts. The claims grid (a table on wide screens, a list on phones)
 * with each row's key, kind, this account's side, status with its deadline, and the actions of its
 * side and state; 'Nova solicitação' opens the add flow (or the device prompt); the cancel,
 * decision and completion dialogs are in ./pix-claims-dialogs.tsx.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { pixClaimsMachine, type Claim, type PixClaimsInput } from '../../../machines/pix/pix-claims.machine';
import {
  CLAIM_STATUS_KEYS,
  claimActionsOf,
  claimRoleOf,
  type ClaimAction,
} from '../../../machines/validators/pix-claim';
import { errorTextToShow } from '../../api/errors';
import { formatDateTime } from '../../format/dates';
import { config } from '../../runtime/config';
import { useFlow } from '../../runtime/use-flow';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { ButtonRow as Row, PagedGrid } from '../../ui/paged-grid';
import { ClaimDialogs } from './pix-claims-dialogs';

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
`;

const ACTION_LABELS: Record<ClaimAction, { text: string; of: string; variant: 'secondary' | 'danger' }> = {
  complete: { text: 'CLAIMS.COMPLETE', of: 'CLAIMS.COMPLETE_OF', variant: 'secondary' },
  decide: { text: 'CLAIMS.DECIDE', of: 'CLAIMS.DECIDE_OF', variant: 'secondary' },
  cancel: { text: 'CLAIMS.CANCEL', of: 'CLAIMS.CANCEL_OF', variant: 'danger' },
};

function Claims({ input }: { input: PixClaimsInput }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [, navigate] = useLocation();
  const actor = useFlow('pix-claims', pixClaimsMachine, input, { onDone: (output) => navigate(output.to) });
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const ready = state.matches('ready');
  const loading = state.matches('loading');
  const failed = state.matches('failed');

  const role = (c: Claim) => claimRoleOf(c, ctx);
  const deadline = (c: Claim) => {
    if (c.status === 'WAITING_RESOLUTION' && c.resolutionDeadline)
      return t('CLAIMS.RESOLUTION_UNTIL', { date: formatDateTime(c.resolutionDeadline, lng) });
    if (c.status === 'CONFIRMED' && c.completionDeadline)
      return t('CLAIMS.COMPLETION_UNTIL', { date: formatDateTime(c.completionDeadline, lng) });
    return '—';
  };
  const actions = (c: Claim) => {
    const offered = claimActionsOf(c.status, role(c));
    if (offered.length === 0) return <span>{t('CLAIMS.NO_ACTION')}</span>;
    return (
      <Row>
        {offered.map((a) => (
          <Button
            key={a}
            variant={ACTION_LABELS[a].variant}
            disabled={!ready}
            aria-label={t(ACTION_LABELS[a].of, { key: c.keyClaims })}
            onClick={() => actor.send({ type: `${a}.ask`, idClaims: c.idClaims })}
          >
            {t(ACTION_LABELS[a].text)}
          </Button>
        ))}
      </Row>
    );
  };
  const cells = (c: Claim) => {
    const side = role(c);
    return {
      kind: t(`CLAIMS.TYPE.${c.claimType}`),
      role: side ? t(`CLAIMS.ROLE_OF.${side}`) : '—',
      status: t(CLAIM_STATUS_KEYS[c.status]),
    };
  };

  return (
    <>
      <PageTitle>{t('CLAIMS.TITLE')}</PageTitle>
      <Card>
        <Intro>{t('CLAIMS.INTRO')}</Intro>
        {failed && (
          <ErrorAlert
            action={<Button onClick={() => actor.send({ type: 'retry' })}>{t('CLAIMS.RETRY')}</Button>}
          >
            {errorTextToShow(ctx.error, t) ?? t('CLAIMS.LIST_FAILED')}
          </ErrorAlert>
        )}
        {ready && ctx.actionError && (
          <ErrorAlert>
            {t('CLAIMS.ACTION_FAILED')} {errorTextToShow(ctx.actionError, t)}
          </ErrorAlert>
        )}
        <p role="status">{ctx.done && ready ? t(`CLAIMS.DONE.${ctx.done}`) : ''}</p>
        <Row>
          <Button disabled={!ready} onClick={() => actor.send({ type: 'add.open' })}>
            {t('CLAIMS.ADD')}
          </Button>
        </Row>
        <PagedGrid
          caption={t('CLAIMS.TITLE')}
          rows={ctx.claims}
          getKey={(c) => c.idClaims}
          loading={loading}
          loadingText={t('CLAIMS.LOADING')}
          emptyText={t('CLAIMS.EMPTY')}
          failed={failed}
          columns={[
            { header: t('CLAIMS.KEY'), cell: (c) => c.keyClaims },
            { header: t('CLAIMS.KIND'), cell: (c) => cells(c).kind },
            { header: t('CLAIMS.ROLE'), cell: (c) => cells(c).role },
            { header: t('CLAIMS.STATUS'), cell: (c) => cells(c).status },
            { header: t('CLAIMS.DEADLINE'), cell: deadline },
            { header: t('CLAIMS.ACTIONS'), cell: actions },
          ]}
          card={(c) => {
            const x = cells(c);
            return (
              <>
                <p>
                  <strong>{c.keyClaims}</strong>
                </p>
                <p>
                  {x.kind} · {x.role}
                </p>
                <p>
                  {x.status} · {deadline(c)}
                </p>
                {actions(c)}
              </>
            );
          }}
        />
        <Row>
          <Button variant="text" onClick={() => actor.send({ type: 'back' })} disabled={!ready && !failed}>
            {t('CLAIMS.BACK')}
          </Button>
        </Row>
      </Card>
      <ClaimDialogs actor={actor} />
    </>
  );
}

export default function PixClaimsPage() {
  const session = useSession();
  const info = session?.accountInfo;
  const client = session?.client;
  if (!info || !client) return null;
  const taxId = client.taxIdentifier.taxId;
  const input: PixClaimsInput = {
    branch: info.branch,
    number: info.account,
    participant: config.serviceProviderId,
    holder: {
      type: taxId.length === 14 ? 'LEGAL_PERSON' : 'NATURAL_PERSON',
      taxId,
      name: client.name,
    },
  };
  return <Claims input={input} />;
}
