/**
 * E2E bindings of the Pix hub (/Pix; machines/pix/pix-hub.machine.ts, src/features/pix/pix-hub-page.tsx).
 * Each path opens /Pix as the bakery (Padaria Pão Dourado): the seed gives it no tutorial record (the
 * lookup answers null: the tutorial shows) and a validated device. The other answers are the
 * sandbox's real answer reshaped for the page (showPixTutorial true or false; deviceValidated
 * false), a fault (500) or an offline call. The lookups are held until their busy state is seen.
 *
 * A carousel step the machine refuses (Next on the last slide, Previous on the first, Ready before
 * the last) has no button on the screen: the binding checks that the slide shown is that one.
 */
import { pixHubFlow as pixHubEntry } from '../../machines/pix/pix-hub.fixtures';
import { expect, type Page } from '@playwright/test';
import { defineBindings } from '../driver/path-driver';
import { PADARIA } from '../support/demo';
import {
  answerNextInShape,
  busyStatus,
  button,
  expectBusy,
  holdCalls,
  offline,
  releaseCall,
  startSignedIn,
  t,
  type BoundFlow,
} from './support';

const OPS = ['getPixTutorial', 'closePixTutorial', 'getMe'] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('PIX_HUB.TITLE') });
const tutorial = (page: Page) => page.getByRole('dialog', { name: t('PIX_HUB.TUTORIAL.TITLE') });
const help = (page: Page) => page.getByRole('dialog', { name: t('PIX_HUB.HELP.TITLE') });
const device = (page: Page) => page.getByRole('alertdialog', { name: t('PIX_HUB.DEVICE.TITLE') });
const openCarousel = async (page: Page) => ((await tutorial(page).count()) > 0 ? tutorial(page) : help(page));
const loading = (page: Page) => busyStatus(page, t('PIX_HUB.LOADING'));
const keysCard = (page: Page) => page.getByRole('link', { name: new RegExp(t('PIX_HUB.CARDS.KEYS')) });

/** Clicks `name` in the open carousel, or checks that the slide shown is `refusedAt` (no such button). */
async function carouselStep(page: Page, name: string, refusedAt: (total: number) => number): Promise<void> {
  const dialog = await openCarousel(page);
  const target = button(dialog, name);
  if ((await target.count()) > 0) {
    await target.click();
    return;
  }
  const total = (await tutorial(page).count()) > 0 ? 5 : 3;
  const at = refusedAt(total);
  await expect(dialog).toContainText(t('PIX_HUB.SLIDE_OF', { n: at, total }));
}

const pixHubBindings = defineBindings(pixHubEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, PADARIA, { route: '/Pix', waitFor: 'nothing' });
  },
  states: {
    checkingTutorial: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(loading(page)).toHaveCount(1);
      await releaseCall(page, 'getPixTutorial');
    },
    tutorial: async ({ page }) => {
      const dialog = tutorial(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/\d de 5/);
    },
    closingTutorial: async ({ page }) => {
      await expectBusy(button(tutorial(page), t('PIX_HUB.READY')));
      await releaseCall(page, 'closePixTutorial');
    },
    deviceCheck: async ({ page }) => {
      await expect(loading(page)).toHaveCount(1);
      await expect(tutorial(page)).toHaveCount(0);
      await releaseCall(page, 'getMe');
    },
    deviceWarning: async ({ page }) => {
      const dialog = device(page);
      await expect(dialog).toBeVisible();
      await expect(button(dialog, t('PIX_HUB.DEVICE.LATER'))).toBeVisible();
      await expect(button(dialog, t('PIX_HUB.DEVICE.REGISTER'))).toBeVisible();
    },
    toDeviceList: async ({ page }) => {
      await expect(page).toHaveURL(/\/DeviceList$/);
    },
    hub: async ({ page }) => {
      await expect(keysCard(page)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    help: async ({ page }) => {
      const dialog = help(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/\d de 3/);
    },
  },
  events: {
    'slide.next': ({ page }) => carouselStep(page, t('PIX_HUB.NEXT'), (total) => total),
    'slide.previous': ({ page }) => carouselStep(page, t('PIX_HUB.PREVIOUS'), () => 1),
    'tutorial.ready': async ({ page }) => {
      const ready = button(tutorial(page), t('PIX_HUB.READY'));
      if ((await ready.count()) > 0) await ready.click();
      else await expect(button(tutorial(page), t('PIX_HUB.NEXT'))).toBeVisible();
    },
    'tutorial.dismiss': ({ page }) => page.keyboard.press('Escape'),
    'device.later': ({ page }) => button(device(page), t('PIX_HUB.DEVICE.LATER')).click(),
    'device.register': ({ page }) => button(device(page), t('PIX_HUB.DEVICE.REGISTER')).click(),
    'help.open': ({ page }) => button(page, t('PIX_HUB.HELP_OPEN')).click(),
    'help.close': ({ page }) => page.keyboard.press('Escape'),
  },
  outcomes: {
    tutorialNoRecord: 'natural',
    tutorialShow: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getPixTutorial', (real) => ({
          ...real,
          json: { data: { showPixTutorial: true } },
        })),
    },
    tutorialSeen: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getPixTutorial', (real) => ({
          ...real,
          json: { data: { showPixTutorial: false } },
        })),
    },
    tutorialOffline: offline('getPixTutorial'),
    deviceValidated: 'natural',
    deviceNotValidated: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getMe', (real) => {
          const json = real.json as { data: Record<string, unknown> };
          return { ...real, json: { ...json, data: { ...json.data, deviceValidated: false } } };
        }),
    },
  },
});

export const pixHubFlow: BoundFlow<typeof pixHubEntry> = { bindings: pixHubBindings };
