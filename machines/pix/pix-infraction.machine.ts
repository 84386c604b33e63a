/**
 * The infraction report (MED) of a Pix sent, a row action of /PixExtractPage (3-pix-part-one.md §2
 * Report infraction dialog, §3 Infraction request, §4 Infraction dialog, §5 Infraction, §7
 * /Infraction calls, §8 Infraction; domain notes §c MED; issue 17 "Infraction report").
 *
 * Opening: GetOpenInfraction by the payment's end-to-end id; an open one closes the dialog at once
 * with ALREADY_EXISTS (the machine's output; the view says it). Otherwise the Pix receipt gives the
 * key the money went to, then step 1: read-only transaction id, value, date and key, the type
 * (FRAUD by default, or ERROR) and the description (more than 3 characters after trim,
 * DESCRIPTION_REQUIRED). Step 2: the attachments (PNG, JPEG or PDF by content, at most 5 MB each, at
 * most 5; refused in the browser before any call) and Finish: CreateInfraction, then
 * CreateInfractionAttach once per file, in order; the output says how many were attached.
 *
 * Decisions where the specification is silent:
 * - The key is the receipt's `pixKey` (getPixReceipt): the statement entry carries no key, and in
 *   a MED report the receiving key is what the user recognises and what the fraud is traced by. A
 *   failed receipt shows the key as unavailable ('—') and does not block the report: the bank
 *   identifies the payment by its end-to-end id, not by the key.
 * - A failed GetOpenInfraction opens the dialog anyway: the bank refuses a second OPEN report
 *   itself (422 PIXRECV 100), which then closes the dialog with the same ALREADY_EXISTS.
 * - The externalIdentifier of CreateInfraction is drawn from `input.newId` when Finish first enters
 *   the call and reused by every retry, so a retry after a lost answer gets the first infraction
 *   back instead of its own ALREADY_EXISTS. A refusal that created nothing (400, 409, 422) drops it
 *   and returns to step 2 with its reason; the next Finish is a new attempt.
 * - A failed attachment is retried alone (the infraction id is kept; CreateInfraction is never
 *   called again). Giving up closes the dialog as reported, saying how many files were attached:
 *   the infraction exists and the bank keeps it, with or without the rest.
 * - §8 says "other errors only logged"; the dialog shows them in Portuguese instead, with Tentar
 *   novamente, and keeps what was typed: a report that silently did nothing would leave the user
 *   believing the fraud was reported.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { hasErrorCode, hasStatus, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import { isRefusedWithoutMoving } from '../transfers/transfer-rules.ts';
import {
  attachmentTypeOf,
  validateAttachment,
  validateInfractionDescription,
} from '../validators/infraction.ts';
import type {
  AttachInfractionFileInput,
  AttachInfractionFileOutput,
  CreateInfractionInput,
  CreateInfractionOutput,
  GetOpenInfractionInput,
  GetOpenInfractionOutput,
  GetPixReceiptInput,
  GetPixReceiptOutput,
  InfractionAttachment,
  PixInfractionContext,
  PixInfractionEvent,
  PixInfractionInput,
  PixInfractionOutput,
  PixInfractionTag,
} from './pix-infraction-shapes.ts';

export * from './pix-infraction-shapes.ts';

const SPEC_DIALOG = '3-pix-part-one.md §2 Report infraction dialog';
const SPEC_OPEN = `${SPEC_DIALOG} (closed if an open infraction exists); §7 GET /Infraction/GetOpenInfraction/{pixId}; §8 ALREADY_EXISTS`;
const SPEC_KEY = `${SPEC_DIALOG} (step 1: key); §7 Pix receipt (pixKey)`;
const SPEC_STEP1 = `${SPEC_DIALOG} (step 1); §5 Infraction (DESCRIPTION_REQUIRED, type FRAUD by default)`;
const SPEC_STEP2 = `${SPEC_DIALOG} (step 2: attachments); §3 Infraction request (attachments are files)`;
const SPEC_CREATE = '3-pix-part-one.md §7 POST /Infraction/{accountId}/CreateInfraction; §8 SUCCESS';
const SPEC_ATTACH = '3-pix-part-one.md §7 POST /Infraction/CreateInfractionAttach (multipart)';
const SPEC_ERRORS = '3-pix-part-one.md §8 Infraction (other errors)';

/** 422 PIXRECV 100: an infraction of this payment is already OPEN (the spec's ALREADY_EXISTS). */
export const isAlreadyExists = (thrown: unknown): boolean =>
  hasStatus(thrown, 422) && hasErrorCode(thrown, 100);

/** The file to send next; `creating` enters `attaching` only with files and the last one leaves. */
function nextFile(context: PixInfractionContext): InfractionAttachment {
  const file = context.files[context.attached];
  if (!file) throw new Error(`pix-infraction: no file ${context.attached + 1} to attach`);
  return file;
}

const closedOutput = (changed: boolean) => () => ({ outcome: 'closed' as const, changed });

export const pixInfractionMachine = setup({
  types: {
    context: {} as PixInfractionContext,
    events: {} as PixInfractionEvent,
    input: {} as PixInfractionInput,
    output: {} as PixInfractionOutput,
    tags: {} as PixInfractionTag,
  },
  actors: {
    getOpenInfraction: mustProvide<GetOpenInfractionOutput, GetOpenInfractionInput>('getOpenInfraction'),
    getPixReceipt: mustProvide<GetPixReceiptOutput, GetPixReceiptInput>('getPixReceipt'),
    createInfraction: mustProvide<CreateInfractionOutput, CreateInfractionInput>('createInfraction'),
    attachInfractionFile: mustProvide<AttachInfractionFileOutput, AttachInfractionFileInput>(
      'attachInfractionFile',
    ),
  },
  guards: {
    /** §2: the dialog closes when an open infraction already exists for the payment. */
    hasOpenInfraction: ({ event }) =>
      doneOutput<GetOpenInfractionOutput>(event, 'getOpenInfraction') !== null,
    /** §5: the description keeps more than 3 characters after trim. */
    isValidDescription: ({ event }) => {
      assertEvent(event, 'details.submit');
      return validateInfractionDescription(event.description) === undefined;
    },
    /** The bank's file rules, checked before any call: at most 5, PNG/JPEG/PDF by content, ≤ 5 MB. */
    isAcceptableFile: ({ context, event }) => {
      assertEvent(event, 'file.add');
      return validateAttachment(event.file, context.files.length) === undefined;
    },
    hasFilesToAttach: ({ context }) => context.files.length > 0,
    /** The file just attached was the last one. */
    isLastFile: ({ context }) => context.attached + 1 >= context.files.length,
    isAlreadyExists: ({ event }) => isAlreadyExists(thrownBy(event)),
    /** 400, 409, 422: refused, nothing created; a new Finish is a new attempt. */
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
  },
  actions: {
    keepCallError: keepCallError(),
    dropAttempt: assign({ externalIdentifier: null }),
    keepKey: assign(({ event }) => ({
      pixKey: doneOutput<GetPixReceiptOutput>(event, 'getPixReceipt').pixKey ?? null,
      keyLoaded: true,
    })),
    keepDetails: assign(({ event }) => {
      assertEvent(event, 'details.submit');
      return { infractionType: event.infractionType, description: event.description, error: null };
    }),
    addFile: assign(({ context, event }) => {
      assertEvent(event, 'file.add');
      const { name, size, head, content } = event.file;
      const type = attachmentTypeOf(head) ?? 'application/pdf';
      return { files: [...context.files, { name, size, type, content }], fileError: null };
    }),
    refuseFile: assign(({ context, event }) => {
      assertEvent(event, 'file.add');
      const messageKey = validateAttachment(event.file, context.files.length) ?? '';
      return { fileError: { name: event.file.name, messageKey } };
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, 'file.remove');
      return { files: context.files.filter((_, i) => i !== event.index), fileError: null };
    }),
    startAttempt: assign(({ context }) => ({
      externalIdentifier: context.externalIdentifier ?? context.newId(),
      error: null,
    })),
    keepInfraction: assign(({ event }) => ({
      infractionId: doneOutput<CreateInfractionOutput>(event, 'createInfraction').idInfraction,
      externalIdentifier: null,
      attached: 0,
    })),
    countAttached: assign({ attached: ({ context }) => context.attached + 1, error: null }),
  },
}).createMachine({
  id: 'pix-infraction',
  initial: 'checking',
  context: ({ input }) => ({
    accountId: input.accountId,
    endToEndId: input.endToEndId,
    transactionId: input.transactionId,
    newId: input.newId,
    pixKey: null,
    keyLoaded: false,
    infractionType: 'FRAUD',
    description: '',
    files: [],
    fileError: null,
    externalIdentifier: null,
    infractionId: null,
    attached: 0,
    error: null,
  }),
  states: {
    checking: {
      description: 'GET /Infraction/GetOpenInfraction/{endToEndId}',
      meta: { spec: SPEC_OPEN, label: 'Verificando notificação aberta' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'getOpenInfraction',
        src: 'getOpenInfraction',
        input: ({ context }) => ({ endToEndId: context.endToEndId }),
        onDone: [{ guard: 'hasOpenInfraction', target: 'alreadyExists' }, { target: 'loadingKey' }],
        // Decision (header): the bank refuses a second open report itself.
        onError: 'loadingKey',
      },
    },
    loadingKey: {
      description: "the entry's Pix receipt, for its pixKey",
      meta: { spec: SPEC_KEY, label: 'Carregando a chave do Pix' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'getPixReceipt',
        src: 'getPixReceipt',
        input: ({ context }) => ({ accountId: context.accountId, transactionId: context.transactionId }),
        onDone: { target: 'details', actions: 'keepKey' },
        // Decision (header): the key shows as unavailable; the report goes on.
        onError: 'details',
      },
    },
    details: {
      description: 'step 1: transaction id, value, date, key (read-only); type and description',
      meta: { spec: SPEC_STEP1, label: 'Etapa 1: tipo e descrição' },
      tags: ['dialog'],
      on: {
        'details.submit': { guard: 'isValidDescription', target: 'attachments', actions: 'keepDetails' },
        'dialog.close': 'closed',
      },
    },
    attachments: {
      description: 'step 2: the files (checked in the browser), Back and Finish',
      meta: { spec: SPEC_STEP2, label: 'Etapa 2: anexos' },
      tags: ['dialog'],
      initial: 'idle',
      on: {
        'file.add': [{ guard: 'isAcceptableFile', actions: 'addFile' }, { actions: 'refuseFile' }],
        'file.remove': { actions: 'removeFile' },
        'details.back': 'details',
        'report.submit': { target: 'creating', actions: 'startAttempt' },
        'dialog.close': 'closed',
      },
      states: {
        idle: { meta: { spec: SPEC_STEP2, label: 'Escolhendo os anexos' } },
        refused: {
          description: 'describeApiError(error): refused, nothing created; what was typed stays',
          meta: { spec: SPEC_ERRORS, label: 'Notificação recusada (erro exibido)' },
        },
      },
    },
    creating: {
      description: 'POST CreateInfraction with the attempt externalIdentifier; Finish is ignored',
      meta: { spec: SPEC_CREATE, label: 'Registrando a notificação' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createInfraction',
        src: 'createInfraction',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: {
            infractionE2E: context.endToEndId,
            infractionType: context.infractionType,
            infractionDescription: context.description.trim(),
            externalIdentifier: context.externalIdentifier ?? undefined,
          },
        }),
        onDone: [
          { guard: 'hasFilesToAttach', target: 'attaching', actions: 'keepInfraction' },
          { target: 'reported', actions: 'keepInfraction' },
        ],
        onError: [
          { guard: 'isAlreadyExists', target: 'alreadyExists' },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'attachments.refused',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'createFailed', actions: 'keepCallError' },
        ],
      },
    },
    createFailed: {
      description: 'describeApiError(error); retry sends the same externalIdentifier (one infraction)',
      meta: { spec: `${SPEC_ERRORS} (resultado desconhecido: tentar de novo)`, label: 'Falha ao registrar' },
      tags: ['dialog'],
      on: { retry: 'creating', 'dialog.close': { target: 'closed', actions: 'dropAttempt' } },
    },
    attaching: {
      description: 'POST CreateInfractionAttach of files[attached]: "n de total arquivos"',
      meta: { spec: SPEC_ATTACH, label: 'Enviando os anexos' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'attachInfractionFile',
        src: 'attachInfractionFile',
        input: ({ context }) => ({
          infractionId: context.infractionId ?? 0,
          file: nextFile(context),
        }),
        onDone: [
          { guard: 'isLastFile', target: 'reported', actions: 'countAttached' },
          { target: 'attaching', reenter: true, actions: 'countAttached' },
        ],
        onError: { target: 'attachFailed', actions: 'keepCallError' },
      },
    },
    attachFailed: {
      description: 'describeApiError(error); retry sends this file again to the same infraction',
      meta: { spec: `${SPEC_ERRORS} (anexo: tentar de novo)`, label: 'Falha ao enviar um anexo' },
      tags: ['dialog'],
      on: { retry: 'attaching', 'dialog.close': 'reported' },
    },
    alreadyExists: {
      type: 'final',
      meta: { spec: SPEC_OPEN, label: 'Notificação já existe (ALREADY_EXISTS)' },
      output: () => ({ outcome: 'alreadyExists' as const }),
    },
    reported: {
      type: 'final',
      meta: { spec: `${SPEC_CREATE} (SUCCESS)`, label: 'Notificação registrada' },
      output: ({ context }) => ({
        outcome: 'reported' as const,
        attached: context.attached,
        total: context.files.length,
        protocol: context.infractionId ?? 0,
      }),
    },
    closed: {
      type: 'final',
      meta: { spec: SPEC_DIALOG, label: 'Diálogo fechado' },
      output: closedOutput(false),
    },
  },
  output: finalOutput<PixInfractionOutput>,
});
