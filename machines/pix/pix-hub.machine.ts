/**
 * The Pix hub (/Pix; 3-pix-part-one.md §2 Pix hub, §3 Tutorial state, §7 pixTutorials calls, §9
 * tutorial at most 5 slides and withdraw/change help 3 slides; issue 15 "Hub and its dialogs").
 *
 * On opening, the tutorial lookup decides whether the first-time tutorial shows: no data (the user
 * has no record yet) or `showPixTutorial: true` shows it. The carousel walks its slides; Ready,
 * on the last one only, calls the close-tutorial call and closes it, so it never shows again.
 * Then, when the session's device is not validated, the dialog 'Dispositivo não validado.'.
 * The grid of cards is the view's (it only links to routes); the machine keeps what is decided:
 * which dialog is open, and the withdraw/change help carousel of 3 slides.
 *
 * Decisions where the specification is silent:
 * - A failed tutorial lookup does not block Pix: the hub opens without the tutorial (it is an
 *   introduction, not a rule) and the lookup is made again on the next visit.
 * - Closing the carousel without Ready (Escape, the close button) hides it for this visit only: the
 *   close-tutorial call records "seen" only when the user reached Ready, as the spec says.
 * - A failed close call still closes the carousel (nothing the user typed is lost) and emits
 *   `tutorial.closeFailed`: the view says the tutorial may show again.
 * - When the device status cannot be read, the hub opens without the warning: the bank re-checks
 *   the device on every Pix payment, and the portal does not claim what it does not know.
 * - 'Quero cadastrar agora' (`device.register`) ends the hub in `toDeviceList`, whose output
 *   sends the view to /DeviceList (issue 30); 'Deixar para depois' opens the hub.
 */
import { assign, emit, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { doneOutput } from '../kernel/events.ts';

type Schemas = components['schemas'];

/** §9: the first-time tutorial has (at most) 5 slides; Ready is on the last. */
export const TUTORIAL_SLIDES = 5;
/** §9: the withdraw/change help carousel has 3 slides. */
export const HELP_SLIDES = 3;

/** GET /pixTutorials/GetByUserAccountId/{accountId}: null when the user has no record yet. */
export interface GetPixTutorialInput {
  accountId: string;
}
export type GetPixTutorialOutput = Schemas['PixTutorial'] | null;
/** POST /pixTutorials/CloseTutorial. */
export type ClosePixTutorialInput = Schemas['CloseTutorialRequest'];
export type ClosePixTutorialOutput = Schemas['PixTutorial'];

/**
 * Whether the session's device is a validated one (Pix needs it, §6): `deviceValidated` of GET /me
 * (docs/JOURNAL.md "Pix keys"), read at the composition root.
 */
export interface GetDeviceStatusInput {
  accountId: string;
}
export interface GetDeviceStatusOutput {
  validated: boolean;
}

export interface PixHubInput {
  /** The session's first account. */
  accountId: string;
}

export interface PixHubContext {
  accountId: string;
  /** The slide shown by the open carousel (0-based). */
  slide: number;
}

/** The hub ends only for 'Quero cadastrar agora': where the view goes. */
export interface PixHubOutput {
  to: '/DeviceList';
}

export type PixHubEvent =
  | { type: 'slide.next' }
  | { type: 'slide.previous' }
  | { type: 'tutorial.ready' }
  | { type: 'tutorial.dismiss' }
  | { type: 'device.later' }
  | { type: 'device.register' }
  | { type: 'help.open' }
  | { type: 'help.close' };

export type PixHubEmitted = { type: 'tutorial.closeFailed' };

type Tag = 'busy' | 'dialog';

const SPEC_HUB = '3-pix-part-one.md §2 Pix hub';
const SPEC_TUTORIAL = '3-pix-part-one.md §2 Pix hub (tutorial); §9 at most 5 slides';
const SPEC_CALLS =
  '3-pix-part-one.md §7 GET /pixTutorials/GetByUserAccountId, POST /pixTutorials/CloseTutorial';
const SPEC_DEVICE = "3-pix-part-one.md §2 Pix hub ('Dispositivo não validado.'); §6";
const SPEC_HELP = '3-pix-part-one.md §2 Pix hub (withdraw/change help); §9 3 slides';

export const pixHubMachine = setup({
  types: {
    context: {} as PixHubContext,
    events: {} as PixHubEvent,
    input: {} as PixHubInput,
    emitted: {} as PixHubEmitted,
    output: {} as PixHubOutput,
    tags: {} as Tag,
  },
  actors: {
    getPixTutorial: mustProvide<GetPixTutorialOutput, GetPixTutorialInput>('getPixTutorial'),
    closePixTutorial: mustProvide<ClosePixTutorialOutput, ClosePixTutorialInput>('closePixTutorial'),
    getDeviceStatus: mustProvide<GetDeviceStatusOutput, GetDeviceStatusInput>('getDeviceStatus'),
  },
  guards: {
    /** §2: the tutorial shows when the lookup returns no data or showPixTutorial is true. */
    shouldShowTutorial: ({ event }) => {
      const output = doneOutput<GetPixTutorialOutput>(event, 'getPixTutorial');
      return output === null || output.showPixTutorial;
    },
    /** §6: Pix needs a validated device; otherwise the warning. */
    isDeviceNotValidated: ({ event }) =>
      doneOutput<GetDeviceStatusOutput>(event, 'getDeviceStatus').validated === false,
    /** The tutorial has a slide after this one. */
    hasNextTutorialSlide: ({ context }) => context.slide < TUTORIAL_SLIDES - 1,
    /** §2: Ready is on the last slide only. */
    isLastTutorialSlide: ({ context }) => context.slide === TUTORIAL_SLIDES - 1,
    /** The help carousel has a slide after this one. */
    hasNextHelpSlide: ({ context }) => context.slide < HELP_SLIDES - 1,
    /** The open carousel has a slide before this one. */
    hasPreviousSlide: ({ context }) => context.slide > 0,
  },
  actions: {
    toFirstSlide: assign({ slide: 0 }),
    nextSlide: assign({ slide: ({ context }) => context.slide + 1 }),
    previousSlide: assign({ slide: ({ context }) => context.slide - 1 }),
  },
}).createMachine({
  id: 'pix-hub',
  initial: 'checkingTutorial',
  context: ({ input }) => ({ accountId: input.accountId, slide: 0 }),
  output: (): PixHubOutput => ({ to: '/DeviceList' }),
  states: {
    checkingTutorial: {
      description: 'GET /pixTutorials/GetByUserAccountId/{accountId}',
      meta: { spec: `${SPEC_CALLS} (lookup)`, label: 'Consultando o tutorial' },
      tags: ['busy'],
      invoke: {
        id: 'getPixTutorial',
        src: 'getPixTutorial',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: [
          { guard: 'shouldShowTutorial', target: 'tutorial', actions: 'toFirstSlide' },
          { target: 'deviceCheck' },
        ],
        // Decision (header): a failed lookup opens the hub without the tutorial.
        onError: 'deviceCheck',
      },
    },
    tutorial: {
      meta: { spec: SPEC_TUTORIAL, label: 'Tutorial do Pix' },
      tags: ['dialog'],
      on: {
        'slide.next': { guard: 'hasNextTutorialSlide', actions: 'nextSlide' },
        'slide.previous': { guard: 'hasPreviousSlide', actions: 'previousSlide' },
        'tutorial.ready': { guard: 'isLastTutorialSlide', target: 'closingTutorial' },
        'tutorial.dismiss': 'deviceCheck',
      },
    },
    closingTutorial: {
      description: 'POST /pixTutorials/CloseTutorial',
      meta: { spec: `${SPEC_CALLS} (Pronto)`, label: 'Registrando o fim do tutorial' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'closePixTutorial',
        src: 'closePixTutorial',
        input: ({ context }) => ({ userAccountId: context.accountId }),
        onDone: 'deviceCheck',
        onError: { target: 'deviceCheck', actions: emit({ type: 'tutorial.closeFailed' as const }) },
      },
    },
    deviceCheck: {
      description: "the bank's device-validated indicator for the session's device",
      meta: { spec: SPEC_DEVICE, label: 'Verificando o dispositivo' },
      tags: ['busy'],
      invoke: {
        id: 'getDeviceStatus',
        src: 'getDeviceStatus',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: [{ guard: 'isDeviceNotValidated', target: 'deviceWarning' }, { target: 'hub' }],
        // Decision (header): an unknown device status shows no warning.
        onError: 'hub',
      },
    },
    deviceWarning: {
      meta: { spec: SPEC_DEVICE, label: 'Dispositivo não validado.' },
      tags: ['dialog'],
      on: { 'device.later': 'hub', 'device.register': 'toDeviceList' },
    },
    toDeviceList: {
      type: 'final',
      meta: { spec: `${SPEC_DEVICE}; issue 30 ('Quero cadastrar agora')`, label: 'Vai para Dispositivos' },
    },
    hub: {
      meta: { spec: SPEC_HUB, label: 'Cartões do Pix' },
      on: { 'help.open': { target: 'help', actions: 'toFirstSlide' } },
    },
    help: {
      meta: { spec: SPEC_HELP, label: 'Ajuda do Pix Saque e Pix Troco' },
      tags: ['dialog'],
      on: {
        'slide.next': { guard: 'hasNextHelpSlide', actions: 'nextSlide' },
        'slide.previous': { guard: 'hasPreviousSlide', actions: 'previousSlide' },
        'help.close': 'hub',
      },
    },
  },
});
