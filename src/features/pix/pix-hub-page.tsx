/**
 * /Pix (3-pix-part-one.md §2 Pix hub): the grid of cards in the order of §2, the first-time tutorial,
 * the device warning and the withdraw/change help, a projection of machines/pix/pix-hub.machine.ts.
 *
 * A card leads to its route; a route the portal does not have yet is absent (issue 15: never a dead
 * end), so today the hub shows the keys and the recipients and gains the others as their screens
 * arrive. The scheduling card also needs the flag enabledPixSchedule. The help carousel is offered
 * when Pix Saque or Pix Troco is on.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { HELP_SLIDES, TUTORIAL_SLIDES, pixHubMachine } from '../../../machines/pix/pix-hub.machine';
import { config } from '../../runtime/config';
import { mayMakeCashQr, type CashQrService } from '../../runtime/pix-cash-access';
import { useFlow } from '../../runtime/use-flow';
import { formatBRL } from '../../format/brl';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { usePermissions } from '../../shell/use-permissions';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CardGrid } from '../../ui/card-grid';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { CarouselDialog, type CarouselSlide } from './dialogs/carousel-dialog';

/** The cards of §2, in its order: id (text keys), route, and whether a flag hides it. */
export const PIX_CARDS = [
  { id: 'SEND', route: '/PixSend' },
  { id: 'RECEIVE', route: '/PixReceive' },
  { id: 'COPY_PASTE', route: '/PixCopyPaste' },
  { id: 'SCHEDULE', route: '/PixShedulingPage', flag: 'pixSchedule' },
  { id: 'RECIPIENTS', route: '/PixRecipientPage' },
  { id: 'KEYS', route: '/ManageKeys' },
  // The limits menu (4-pix-part-two.md §2) leads on to /PixLimits with its help text.
  { id: 'LIMITS', route: '/PixMyLimitsMenu' },
  { id: 'STATEMENT', route: '/PixExtractPage' },
  { id: 'PORTABILITY', route: '/PortabilityPage' },
  { id: 'MED', route: '/PixMEDPage' },
  // Pix Saque and Pix Troco (4-pix-part-two.md §2; issue 29): only for the agents whose session has
  // the functionality while its flag is on (src/runtime/pix-cash-access.ts).
  { id: 'WITHDRAW', route: '/WithdrawPixPage', service: 'WITHDRAW' },
  { id: 'CHANGE', route: '/ChangePixPage', service: 'CHANGE' },
] as const;

/**
 * The cards shown: those whose route exists and whose flag, if any, is on (the scheduling card and
 * enabledPixSchedule, 3-pix-part-one.md §2), and a Saque or Troco card only when `mayUse` its
 * service (the session's functionality).
 */
export function visibleCards(
  isRegistered: (path: string) => boolean,
  flags: { readonly pixSchedule: boolean },
  mayUse: (service: CashQrService) => boolean = () => false,
) {
  return PIX_CARDS.filter(
    (c) =>
      isRegistered(c.route) && (!('flag' in c) || flags[c.flag]) && (!('service' in c) || mayUse(c.service)),
  );
}

/**
 * The hub's loading line keeps its height when it empties: the cards below do not move up once the
 * tutorial and the device are checked (Lighthouse measured that shift on /Pix, issue 26).
 */
const Status = styled.p`
  min-height: 1.5em;
`;

function useSlides(prefix: 'PIX_HUB.TUTORIAL' | 'PIX_HUB.HELP', count: number): CarouselSlide[] {
  const { t } = useTranslation();
  const fee = formatBRL(config.pixFeeLegalEntity);
  return Array.from({ length: count }, (_, i) => ({
    title: t(`${prefix}.SLIDES.${i + 1}.TITLE`),
    text: t(`${prefix}.SLIDES.${i + 1}.TEXT`, { fee }),
  }));
}

function Hub({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const actor = useFlow('pix-hub', pixHubMachine, { accountId }, { onDone: (out) => navigate(out.to) });
  const snapshot = useSelector(actor, (s) => s);
  const isRegistered = useIsRegisteredRoute();
  const tutorialSlides = useSlides('PIX_HUB.TUTORIAL', TUTORIAL_SLIDES);
  const helpSlides = useSlides('PIX_HUB.HELP', HELP_SLIDES);
  useEffect(() => {
    const sub = actor.on('tutorial.closeFailed', () => toast.warning(t('PIX_HUB.TUTORIAL.CLOSE_FAILED')));
    return () => sub.unsubscribe();
  }, [actor, toast, t]);

  const { functionalities } = usePermissions();
  const cards = visibleCards(isRegistered, config.flags, (service) =>
    mayMakeCashQr(service, functionalities, config.flags),
  );
  const send = actor.send;
  const busy = snapshot.hasTag('busy') && !snapshot.hasTag('dialog');

  return (
    <>
      <Status role="status">{busy ? t('PIX_HUB.LOADING') : ''}</Status>
      <CardGrid
        cards={cards.map((c) => ({
          id: c.id,
          href: c.route,
          title: t(`PIX_HUB.CARDS.${c.id}`),
          text: t(`PIX_HUB.CARDS.${c.id}_TEXT`),
          icon: 'pix',
        }))}
      />
      {(config.flags.pixWithdraw || config.flags.pixChange) && (
        <Button
          variant="secondary"
          onClick={() => send({ type: 'help.open' })}
          disabled={!snapshot.matches('hub')}
        >
          {t('PIX_HUB.HELP_OPEN')}
        </Button>
      )}
      {(snapshot.matches('tutorial') || snapshot.matches('closingTutorial')) && (
        <CarouselDialog
          title={t('PIX_HUB.TUTORIAL.TITLE')}
          slides={tutorialSlides}
          index={snapshot.context.slide}
          busy={snapshot.matches('closingTutorial')}
          onNext={() => send({ type: 'slide.next' })}
          onPrevious={() => send({ type: 'slide.previous' })}
          onClose={() => send({ type: 'tutorial.dismiss' })}
          onFinish={() => send({ type: 'tutorial.ready' })}
          finishLabel={t('PIX_HUB.READY')}
        />
      )}
      {snapshot.matches('help') && (
        <CarouselDialog
          title={t('PIX_HUB.HELP.TITLE')}
          slides={helpSlides}
          index={snapshot.context.slide}
          onNext={() => send({ type: 'slide.next' })}
          onPrevious={() => send({ type: 'slide.previous' })}
          onClose={() => send({ type: 'help.close' })}
        />
      )}
      {snapshot.matches('deviceWarning') && (
        <Dialog
          open
          role="alertdialog"
          title={t('PIX_HUB.DEVICE.TITLE')}
          onClose={() => send({ type: 'device.later' })}
          actions={
            <>
              <Button variant="secondary" onClick={() => send({ type: 'device.later' })}>
                {t('PIX_HUB.DEVICE.LATER')}
              </Button>
              <Button onClick={() => send({ type: 'device.register' })}>
                {t('PIX_HUB.DEVICE.REGISTER')}
              </Button>
            </>
          }
        >
          <p>{t('PIX_HUB.DEVICE.TEXT')}</p>
        </Dialog>
      )}
    </>
  );
}

export default function PixHubPage() {
  const { t } = useTranslation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  return (
    <>
      <PageTitle subtitle={t('PIX_HUB.SUBTITLE')}>{t('PIX_HUB.TITLE')}</PageTitle>
      {accountId !== '' && <Hub accountId={accountId} />}
    </>
  );
}
