/**
 * The page of a secured money movement (2-money-movement.md §2; 3-pix-part-one.md §2): the one
 * scaffold /Payment, /PixCopyPaste and /PixManual are drawn with, and the one a new movement page
 * (a refund, a charge, a schedule) copies. In order: the page's title, the step area (a card: the
 * form or wizard, kept mounted under the dialogs so nothing typed is lost), the flow's own dialogs
 * (a value to type, a withdrawal notice), the confirmation, the security code and sending steps of
 * machines/transfers/movement-states.ts ({@link SecuredMovementDialogs}), and the result. When the
 * flow's actor ends, the page goes where its output says (the machine never navigates).
 *
 * The page keeps its own state reading and events; this scaffold only fixes where each piece is
 * drawn and the pieces every such page repeats: the row of buttons, the refusal box and the intro.
 */
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AnyActorRef } from 'xstate';
import { useLocation } from 'wouter';
import { Card } from './card';
import { SecuredMovementDialogs, type MovementTexts } from './movement-dialogs';
import { PageTitle } from './page-title';

const ErrorBox = styled.div`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  & p {
    margin: 0;
  }
`;

/** A refusal said at once (role alert): the bank's reason, a failed look-up, a blocked amount. */
export function MovementError({ children }: { children: ReactNode }) {
  return (
    <ErrorBox role="alert">
      <p>{children}</p>
    </ErrorBox>
  );
}

/** The line that says what the step asks. */
export const MovementIntro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

/** An actor whose final output names where to go (`{ to: '/Statement' }`). */
interface LeavingActor {
  subscribe: (fn: (s: { status: string; output?: { to: string } | undefined }) => void) => {
    unsubscribe: () => void;
  };
}

const asIs = (to: string): string => to;

/** Navigates to the output's `to` (through `route`, a stable function) when the flow's actor ends. */
export function useLeaveWhenDone(actor: LeavingActor, route: (to: string) => string = asIs): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done' && s.output) navigate(route(s.output.to));
    });
    return () => sub.unsubscribe();
  }, [actor, navigate, route]);
}

export interface MovementPageProps {
  /** The flow's actor: a machine built with movement-states.ts whose output is `{ to }`. */
  actor: AnyActorRef & LeavingActor;
  /** The area's part of the catalogue for the shared dialogs ('PIX.PIX_MANUAL'...). */
  texts: MovementTexts;
  /** The page's h1. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** The step area: the form, the wizard, or the receipt once the flow shows it in place. */
  children: ReactNode;
  /** The flow's own dialogs, drawn before the confirmation. */
  dialogs?: ReactNode;
  /** The confirmation (usually a ConfirmMovementDialog), while the machine is `confirming`. */
  confirmation?: ReactNode;
  /** The result (a receipt, a rejection), after the security code and sending steps. */
  result?: ReactNode;
}

/** The scaffold of a secured movement's page; see the file's comment. */
export function MovementPage({
  actor,
  texts,
  title,
  subtitle,
  children,
  dialogs,
  confirmation,
  result,
}: MovementPageProps) {
  useLeaveWhenDone(actor);
  return (
    <>
      <PageTitle subtitle={subtitle}>{title}</PageTitle>
      <Card>{children}</Card>
      {dialogs}
      {confirmation}
      <SecuredMovementDialogs actor={actor} texts={texts} />
      {result}
    </>
  );
}
