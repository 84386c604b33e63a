/**
 * Reading a QR code instead of copying its text (issue 32 item 7), beside a field that takes a
 * pasted code (/PixCopyPaste's Pix code, /Receive's digital check): 'Ler de uma imagem' picks a
 * picture (a screenshot, a photo; on a phone the file picker offers the camera too) and 'Usar a
 * câmera' reads the live camera where the browser has one. What is read goes to `onRead`, which
 * puts it in the field; the field's own rules then judge it as if it had been pasted. The decoder
 * and the camera's dialog load on first use (src/ui/qr-decode.ts, qr-camera-dialog.tsx).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './button';
import { FieldError } from './field';
import { visuallyHidden } from './global-style';

const CameraDialog = lazy(() => import('./qr-camera-dialog'));

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const HiddenInput = styled.input`
  ${visuallyHidden}
`;

const Status = styled.p`
  margin: 0;
  flex: 1 1 100%;
`;

type Reading = 'idle' | 'reading' | 'read' | 'none' | 'notImage';

/** Whether the browser can be asked for a camera (a secure page with media devices). */
const hasCamera = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export interface QrReaderProps {
  /** Receives the text of the code read. */
  onRead: (text: string) => void;
  disabled?: boolean;
}

export function QrReader({ onRead, disabled = false }: QrReaderProps) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState<Reading>('idle');
  const [camera, setCamera] = useState(false);
  const errorId = useId();

  const readFile = async (picked: File | undefined): Promise<void> => {
    if (!picked) return;
    setReading('reading');
    try {
      const { decodeQrFile } = await import('./qr-decode');
      const text = await decodeQrFile(picked);
      if (text === null) {
        setReading('none');
        return;
      }
      setReading('read');
      onRead(text);
    } catch {
      // createImageBitmap refuses what is no picture (a PDF, a damaged file).
      setReading('notImage');
    }
  };

  const error =
    reading === 'none'
      ? t('QR_READER.NOT_FOUND')
      : reading === 'notImage'
        ? t('QR_READER.NOT_IMAGE')
        : undefined;

  return (
    <Row>
      <HiddenInput
        ref={file}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0];
          // Picking the same file again after a fix must read it again.
          e.currentTarget.value = '';
          void readFile(picked);
        }}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={disabled}
        loading={reading === 'reading'}
        onClick={() => file.current?.click()}
      >
        {t('QR_READER.FROM_IMAGE')}
      </Button>
      {hasCamera() && (
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setCamera(true)}>
          {t('QR_READER.CAMERA')}
        </Button>
      )}
      <Status role="status">
        {reading === 'reading' ? t('QR_READER.READING') : reading === 'read' ? t('QR_READER.READ') : ''}
      </Status>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {camera && (
        <Suspense fallback={null}>
          <CameraDialog
            onClose={() => setCamera(false)}
            onRead={(text) => {
              setCamera(false);
              setReading('read');
              onRead(text);
            }}
          />
        </Suspense>
      )}
    </Row>
  );
}
