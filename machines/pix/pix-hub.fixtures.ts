/**
 * Catalog entry of the Pix hub (/Pix; 3-pix-part-one.md §2 Pix hub, §3 Tutorial state, §7
 * pixTutorials calls, §9).
 */
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError, networkError } from '../fixtures/api-errors.ts';
import {
  pixHubMachine,
  type ClosePixTutorialOutput,
  type GetDeviceStatusOutput,
  type GetPixTutorialOutput,
  type PixHubEvent,
} from './pix-hub.machine.ts';

const ev = (e: PixHubEvent): PixHubEvent => e;

export const pixHubFlow = defineFlow({
  id: 'pix-hub',
  title: 'Pix: início, tutorial e dispositivo',
  route: '/Pix',
  entrySteps: signedInSteps('/Pix'),
  spec: [
    '3-pix-part-one.md §2 Pix hub',
    '3-pix-part-one.md §3 Entities and their fields (Tutorial state)',
    '3-pix-part-one.md §6 Roles and permissions (device validation)',
    '3-pix-part-one.md §7 The calls it makes (pixTutorials)',
    '3-pix-part-one.md §9 Business constants and limits (5 slides; 3 help slides)',
  ],
  machine: pixHubMachine,
  input: { accountId: DEMO.accountId },
  events: [
    { event: ev({ type: 'slide.next' }), label: 'Clica em Próximo no carrossel' },
    { event: ev({ type: 'slide.previous' }), label: 'Clica em Anterior no carrossel' },
    { event: ev({ type: 'tutorial.ready' }), label: 'Clica em Pronto no último slide do tutorial' },
    { event: ev({ type: 'tutorial.dismiss' }), label: 'Fecha o tutorial sem clicar em Pronto' },
    { event: ev({ type: 'device.later' }), label: 'Clica em Deixar para depois' },
    { event: ev({ type: 'device.register' }), label: 'Clica em Quero cadastrar agora' },
    { event: ev({ type: 'help.open' }), label: 'Abre a ajuda do Pix Saque e Pix Troco' },
    { event: ev({ type: 'help.close' }), label: 'Fecha a ajuda' },
  ],
  outcomes: [
    {
      actor: 'getPixTutorial',
      kind: 'done',
      output: null satisfies GetPixTutorialOutput,
      key: 'tutorialNoRecord',
      label: 'Consulta do tutorial sem registro (primeira vez)',
    },
    {
      actor: 'getPixTutorial',
      kind: 'done',
      output: { showPixTutorial: true } satisfies GetPixTutorialOutput,
      key: 'tutorialShow',
      label: 'Consulta do tutorial: showPixTutorial verdadeiro',
    },
    {
      actor: 'getPixTutorial',
      kind: 'done',
      output: { showPixTutorial: false } satisfies GetPixTutorialOutput,
      key: 'tutorialSeen',
      label: 'Consulta do tutorial: já visto (showPixTutorial falso)',
    },
    {
      actor: 'getPixTutorial',
      kind: 'error',
      error: networkError('getPixTutorial'),
      key: 'tutorialOffline',
      label: 'Sem conexão ao consultar o tutorial',
    },
    {
      actor: 'closePixTutorial',
      kind: 'done',
      output: { showPixTutorial: false } satisfies ClosePixTutorialOutput,
      key: 'tutorialClosed',
      label: 'API registra o fim do tutorial',
    },
    {
      actor: 'closePixTutorial',
      kind: 'error',
      error: internalError('closePixTutorial'),
      key: 'tutorialCloseServerError',
      label: 'API responde 500 ao registrar o fim do tutorial',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'done',
      output: { validated: true } satisfies GetDeviceStatusOutput,
      key: 'deviceValidated',
      label: 'Dispositivo validado',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'done',
      output: { validated: false } satisfies GetDeviceStatusOutput,
      key: 'deviceNotValidated',
      label: 'Dispositivo não validado',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'error',
      error: internalError('getMe'),
      key: 'deviceServerError',
      label: 'API responde 500 ao consultar o dispositivo',
    },
  ],
  operations: {
    getPixTutorial: 'getPixTutorial',
    closePixTutorial: 'closePixTutorial',
    getDeviceStatus: 'getMe',
  },
});
