/**
 * Composition root of Pix copy and paste (/PixCopyPaste; 3-pix-part-one.md §2, §7; issue 16): the
 * actors machines/pix/pix-copy-paste.machine.ts declares, taken from the Pix send calls every send
 * flow shares (src/app/actors/pix-send-actors.ts), the security code of every movement, and the
 * settlement child.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { pixSendCalls, pixSettlement } from './pix-send-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/pix/pix-copy-paste.machine.ts. */
export const pixCopyPasteActors = {
  decodePixQrCode: pixSendCalls.decodePixQrCode,
  payPixQrCode: pixSendCalls.payPixQrCode,
  securityCode: securityCodeActor,
  pixSettlement,
};

/** What the copy-and-paste page receives through FlowActorsProvider (src/app/routes.tsx). */
export const pixCopyPasteFlowActors = {
  'pix-copy-paste': pixCopyPasteActors,
} satisfies Partial<FlowActors>;
