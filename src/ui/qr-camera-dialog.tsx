/**
 * The camera's view for reading a QR code (issue 32 item 7; opened by src/ui/qr-reader.tsx where
 * the browser has a camera): the back camera is asked for, its frames are read a few times a
 * second until a code reads, then the camera is released and the text handed over. Refused or
 * absent, the dialog says so and points to reading from an image. Loaded on first use.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './button';
import { Dialog } from './dialog';
import { decodeQrFrom } from './qr-decode';

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60vh;
  background: #000;
  border-radius: ${({ theme }) => theme.radius.sm};
  object-fit: contain;
`;

/** Time between two reads of the camera's picture. */
const READ_EVERY_MS = 300;

export default function QrCameraDialog({
  onRead,
  onClose,
}: {
  onRead: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const tick = async (): Promise<void> => {
      const v = video.current;
      if (!live || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        const text = await decodeQrFrom(v, v.videoWidth, v.videoHeight);
        if (!live) return;
        if (text !== null) {
          live = false;
          stream?.getTracks().forEach((track) => track.stop());
          read.current(text);
          return;
        }
      }
      timer = setTimeout(() => void tick(), READ_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (!live || !video.current) {
          s.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('QR_READER.CAMERA_TITLE')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('QR_READER.CAMERA_CLOSE')}
        </Button>
      }
    >
      {failed ? (
        <p role="alert">{t('QR_READER.CAMERA_FAILED')}</p>
      ) : (
        <>
          <p role="status">{t('QR_READER.CAMERA_AIM')}</p>
          <Video ref={video} muted playsInline aria-label={t('QR_READER.CAMERA_VIEW')} />
        </>
      )}
    </Dialog>
  );
}
