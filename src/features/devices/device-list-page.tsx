/**
 * /DeviceList, the trusted devices (4-pix-part-two.md §2 Device list, §4 Device, §9; issue 30): a
 * projection of machines/devices/device-list.machine.ts. The portal's list grid (src/ui/paged-grid.tsx):
 * a table on wide screens (alias, registered date, validated, blocked, actions), cards on a phone;
 * 5 a page, with Anterior and Próxima (the machine steps through the list it holds). 'Cadastrar dispositivo' is
 * disabled while this browser already is a validated device. A new device's temporary cookie (7
 * days) is kept as the bank answers it; the e-mailed link validates it.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  deviceListMachine,
  isBrowserTrusted,
  pageCount,
  pageRows,
  type Device,
} from '../../../machines/devices/device-list.machine';
import { errorTextToShow } from '../../api/errors';
import { formatDate } from '../../format/dates';
import { useFlow } from '../../runtime/use-flow';
import { setDeviceCookie } from '../../runtime/session';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { PagedGrid, Pager, type GridColumn } from '../../ui/paged-grid';
import { useToast } from '../../ui/toasts';

/** The dialogs load when one opens, not with the page (the protected routes' budget, scripts/bundle-budget.ts). */
const AddDeviceDialog = lazy(() => import('./device-dialogs').then((m) => ({ default: m.AddDeviceDialog })));
const BlockDeviceDialog = lazy(() =>
  import('./device-dialogs').then((m) => ({ default: m.BlockDeviceDialog })),
);
const DeleteDeviceDialog = lazy(() =>
  import('./device-dialogs').then((m) => ({ default: m.DeleteDeviceDialog })),
);

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

function Devices({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const toast = useToast();
  const actor = useFlow('device-list', deviceListMachine, { accountId });
  const s = useSelector(actor, (x) => x);
  const ctx = s.context;
  const send = actor.send;
  useEffect(() => {
    const sub = actor.on('device.added', ({ device }) => {
      // §9: the cookie of a device not validated yet lives 7 days; the e-mailed link makes it permanent.
      if (device.cookieDevice) setDeviceCookie(device.cookieDevice, false);
      toast.success(t('DEVICES.ADDED', { alias: device.alias }));
    });
    return () => sub.unsubscribe();
  }, [actor, toast, t]);

  const viewing = s.matches('viewing');
  const loading = s.matches('loading');
  const trusted = isBrowserTrusted(ctx.devices);
  const rows = pageRows(ctx.devices, ctx.page);
  const pages = pageCount(ctx.devices);
  const yesNo = (v: boolean) => t(v ? 'DEVICES.YES' : 'DEVICES.NO');
  const name = (d: Device) => (d.isCurrentDevice ? `${d.alias} (${t('DEVICES.THIS_BROWSER')})` : d.alias);
  const actions = (d: Device) => (
    <Row>
      <Button
        variant="secondary"
        disabled={!viewing}
        aria-label={t(d.isBlocked ? 'DEVICES.UNBLOCK_OF' : 'DEVICES.BLOCK_OF', { alias: d.alias })}
        onClick={() => send({ type: 'block.open', id: d.id })}
      >
        {t(d.isBlocked ? 'DEVICES.UNBLOCK' : 'DEVICES.BLOCK')}
      </Button>
      <Button
        variant="danger"
        disabled={!viewing}
        aria-label={t('DEVICES.DELETE_OF', { alias: d.alias })}
        onClick={() => send({ type: 'delete.open', id: d.id })}
      >
        {t('DEVICES.DELETE')}
      </Button>
    </Row>
  );

  const columns: GridColumn<Device>[] = [
    { header: t('DEVICES.ALIAS'), cell: name },
    { header: t('DEVICES.CREATED_AT'), cell: (d) => formatDate(d.createdAt, lng) },
    { header: t('DEVICES.VALIDATED'), cell: (d) => yesNo(d.isValidated) },
    { header: t('DEVICES.BLOCKED'), cell: (d) => yesNo(d.isBlocked) },
    { header: t('DEVICES.ACTIONS'), cell: (d) => actions(d) },
  ];

  return (
    <>
      <Card>
        {s.matches('loadError') && (
          <ErrorAlert action={<Button onClick={() => send({ type: 'retry' })}>{t('DEVICES.RETRY')}</Button>}>
            {t('DEVICES.LOAD_FAILED')} {errorTextToShow(ctx.error, t)}
          </ErrorAlert>
        )}
        <Row>
          <Button disabled={!viewing || trusted} onClick={() => send({ type: 'add.open' })}>
            {t('DEVICES.ADD')}
          </Button>
          {trusted && <p>{t('DEVICES.ALREADY_TRUSTED')}</p>}
        </Row>
        <PagedGrid<Device>
          caption={t('DEVICES.TITLE')}
          columns={columns}
          rows={rows}
          getKey={(d) => d.id}
          card={(d) => (
            <>
              <p>
                <strong>{name(d)}</strong>
              </p>
              <p>
                {t('DEVICES.CREATED_AT')}: {formatDate(d.createdAt, lng)}
              </p>
              <p>
                {t('DEVICES.VALIDATED')}: {yesNo(d.isValidated)} · {t('DEVICES.BLOCKED')}:{' '}
                {yesNo(d.isBlocked)}
              </p>
              {actions(d)}
            </>
          )}
          loading={loading}
          loadingText={t('DEVICES.LOADING')}
          emptyText={t('DEVICES.EMPTY')}
          failed={s.matches('loadError')}
        />
        {pages > 1 && (
          <Pager
            ns="DEVICES"
            pageNumber={ctx.page + 1}
            pages={pages}
            count={ctx.devices?.length ?? 0}
            disabled={!viewing}
            numbered={false}
            // The machine pages the list it holds one step at a time (§9: 5 a page).
            onPage={(n) => send({ type: n > ctx.page + 1 ? 'page.next' : 'page.previous' })}
          />
        )}
      </Card>
      <Suspense fallback={null}>
        {s.matches('adding') && (
          <AddDeviceDialog
            busy={s.hasTag('busy')}
            formError={ctx.formError}
            error={ctx.error}
            onCancel={() => send({ type: 'dialog.cancel' })}
            onSubmit={(v) => send({ type: 'add.submit', ...v })}
          />
        )}
        {s.matches('blocking') && ctx.target && (
          <BlockDeviceDialog
            device={ctx.target}
            busy={s.hasTag('busy')}
            formError={ctx.formError}
            error={ctx.error}
            onCancel={() => send({ type: 'dialog.cancel' })}
            onSubmit={(v) => send({ type: 'block.submit', ...v })}
          />
        )}
        {s.matches('deleting') && ctx.target && (
          <DeleteDeviceDialog
            device={ctx.target}
            busy={s.hasTag('busy')}
            error={ctx.error}
            onCancel={() => send({ type: 'dialog.cancel' })}
            onConfirm={() => send({ type: 'delete.confirm' })}
          />
        )}
      </Suspense>
    </>
  );
}

export default function DeviceListPage() {
  const { t } = useTranslation();
  const accountId = useSession()?.account.accounts[0]?.accountId ?? '';
  return (
    <>
      <PageTitle subtitle={t('DEVICES.SUBTITLE')}>{t('DEVICES.TITLE')}</PageTitle>
      {accountId !== '' && <Devices accountId={accountId} />}
    </>
  );
}
