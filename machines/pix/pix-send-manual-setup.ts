/**
 * The rules of machines/pix/pix-send-manual.machine.ts, as its `setup`: the calls and child
 * machines it runs (listPsps, createPixWithdrawal, the security code, the settlement), its guards
 * (each wizard step's §5 check, the bank's answers and refusals, the settling's and correction's
 * guards) and its named actions (the attempt, the token, the payment kept or forgotten). The
 * machine's states are drawn from it with `pixSendManualSetup.createMachine`.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import {
  manualAccountErrors,
  manualAmountErrors,
  validateManualAccount,
  validateManualAccountType,
  validateManualAgency,
  validateManualDigit,
  validateManualDocument,
  validateManualInstitution,
  validateManualName,
} from '../validators/pix-manual.ts';
import { droppedAttempt } from '../transfers/movement-states.ts';
import { securityCodeMachine, type SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import {
  isConfirmationRefused,
  isInsufficientBalance,
  isRefusedWithoutMoving,
} from '../transfers/transfer-rules.ts';
import type {
  ListPspsInput,
  ListPspsOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from './pix-send-calls.ts';
import { pixSettlementMachine } from './pix-settlement.machine.ts';
import { pixCorrectionGuards, pixSettlingGuards, settlementOf } from './pix-settling-states.ts';
import type {
  PixSendManualContext,
  PixSendManualEvent,
  PixSendManualInput,
  PixSendManualOutput,
  PixSendManualTag,
} from './pix-send-manual-shapes.ts';

export const pixSendManualSetup = setup({
  types: {
    context: {} as PixSendManualContext,
    events: {} as PixSendManualEvent,
    input: {} as PixSendManualInput,
    output: {} as PixSendManualOutput,
    tags: {} as PixSendManualTag,
  },
  actors: {
    listPsps: mustProvide<ListPspsOutput, ListPspsInput>('listPsps'),
    createPixWithdrawal: mustProvide<PixWithdrawalOutput, PixWithdrawalInput>('createPixWithdrawal'),
    securityCode: securityCodeMachine,
    pixSettlement: pixSettlementMachine,
  },
  guards: {
    /** Step 1 answered yes. */
    choosesSameOwnership: ({ event }) => {
      assertEvent(event, 'ownership.choose');
      return event.same;
    },
    /** Step 1 was yes: the account is the holder's own. */
    isSameOwnership: ({ context }) => context.data.sameOwnership === true,
    /** §5: name at least 7 characters. */
    isValidName: ({ event }) => {
      assertEvent(event, 'name.submit');
      return validateManualName(event.name) === undefined;
    },
    /** §5: 11 or 14 characters, a valid CPF or CNPJ. */
    isValidDocument: ({ event }) => {
      assertEvent(event, 'document.submit');
      return validateManualDocument(event.document) === undefined;
    },
    /** The participants were already listed (Back and Next do not ask again). */
    hasInstitutions: ({ context }) => context.institutions !== null,
    /** §5: institution required, one of the listed participants. */
    isListedInstitution: ({ context, event }) => {
      assertEvent(event, 'institution.choose');
      return validateManualInstitution(event.ispb, context.institutions ?? []) === undefined;
    },
    /** §5: CC, POUPANCA or SALARIO. */
    isValidAccountType: ({ event }) => {
      assertEvent(event, 'accountType.choose');
      return validateManualAccountType(event.accountType) === undefined;
    },
    /** §5: agency digits only, 2 to 4. */
    isValidAgency: ({ event }) => {
      assertEvent(event, 'agency.submit');
      return validateManualAgency(event.agency) === undefined;
    },
    /** §5: account digits only 2 to 17, digit 1 to 2. */
    isValidAccount: ({ event }) => {
      assertEvent(event, 'account.submit');
      return (
        validateManualAccount(event.account) === undefined && validateManualDigit(event.digit) === undefined
      );
    },
    /**
     * §5: amount at most 13 characters and above zero, description at most 140; and every earlier
     * step still valid (the confirmation never shows data a step would refuse).
     */
    isValidAmount: ({ context, event }) => {
      assertEvent(event, 'amount.submit');
      return (
        Object.keys(manualAmountErrors(event)).length === 0 &&
        Object.keys(manualAccountErrors(context.data, context.institutions ?? [])).length === 0
      );
    },
    /** The bank answered `success: false`: nothing was sent. */
    isNotSent: ({ event }) => doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal').success === false,
    isConfirmationRefused: ({ event }) => isConfirmationRefused(thrownBy(event)),
    isInsufficientBalance: ({ event }) => isInsufficientBalance(thrownBy(event)),
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
    ...pixSettlingGuards,
    ...pixCorrectionGuards,
  },
  actions: {
    dropAttempt: assign(droppedAttempt(['request'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }),
    /** Correcting a rejected Pix: its ids and outcome go; the data typed stays for the new attempt. */
    forgetPayment: assign({
      endToEndId: null,
      transactionId: null,
      settlement: null,
      request: null,
      signature: null,
      externalIdentifier: null,
      confirmationToken: null,
      securityReason: 'first' as const,
      error: null,
    }),
    /** The bank accepted: the payment's ids; the attempt is done with. */
    keepPayment: assign(({ context, event }) => {
      const answer = doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal');
      const sent = context.request?.payments[0]?.endToEndId ?? null;
      return {
        endToEndId: answer.endToEndId ?? sent,
        transactionId: answer.transactionId ?? null,
        externalIdentifier: null,
        error: null,
      };
    }),
  },
});
