/**
 * A carousel in a dialog (3-pix-part-one.md §2 Pix hub: the first-time tutorial of up to 5 slides
 * with Ready on the last, and the 3-slide withdraw/change help). The slide shown is the machine's;
 * the dialog only draws it and sends what the user does. The slide's position is announced
 * ('2 de 5') and its heading takes the focus when it changes, so a screen reader follows.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

export interface CarouselSlide {
  title: string;
  text: string;
}

export interface CarouselDialogProps {
  title: string;
  slides: readonly CarouselSlide[];
  index: number;
  onNext: () => void;
  onPrevious: () => void;
  onClose: () => void;
  /** The button of the last slide (Ready); without it the last slide offers Close. */
  onFinish?: () => void;
  finishLabel?: string;
  busy?: boolean;
}

const Slide = styled.div`
  min-height: 160px;
  & h3 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  & h3:focus {
    outline: none;
  }
  & p {
    margin: 0;
    line-height: 1.5;
  }
`;

const Position = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export function CarouselDialog(props: CarouselDialogProps) {
  const { t } = useTranslation();
  const { slides, index } = props;
  const slide = slides[index] ?? slides[0];
  const textId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // The first slide is focused by the dialog itself; later slides move the focus to their title.
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);
  const last = index >= slides.length - 1;
  return (
    <Dialog
      open
      title={props.title}
      onClose={props.onClose}
      dismissible={!props.busy}
      aria-describedby={textId}
      actions={
        <>
          {index > 0 && (
            <Button variant="secondary" onClick={props.onPrevious} disabled={props.busy}>
              {t('PIX_HUB.PREVIOUS')}
            </Button>
          )}
          {!last && <Button onClick={props.onNext}>{t('PIX_HUB.NEXT')}</Button>}
          {last && props.onFinish && (
            <Button onClick={props.onFinish} loading={props.busy}>
              {props.finishLabel}
            </Button>
          )}
          {last && !props.onFinish && <Button onClick={props.onClose}>{t('PIX_HUB.CLOSE')}</Button>}
        </>
      }
    >
      <Slide id={textId} aria-live="polite">
        <h3 ref={headingRef} tabIndex={-1}>
          {slide?.title}
        </h3>
        <p>{slide?.text}</p>
      </Slide>
      <Position>{t('PIX_HUB.SLIDE_OF', { n: index + 1, total: slides.length })}</Position>
    </Dialog>
  );
}
