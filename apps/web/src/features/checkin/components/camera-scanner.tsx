import { Alert, Box, Button, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { createQrReader, type QrReader } from '../qr-decoder';

/** Time between two frames read: enough for a quick scan, light enough for an old phone's battery. */
const FRAME_INTERVAL_MS = 200;
/** The same code held in front of the camera is reported once, not five times a second. */
const REPEAT_AFTER_MS = 3000;

type CameraState = { on: false; error: string | null } | { on: true; decoder: QrReader['kind'] | null };

function cameraError(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError') return i18n.t('checkin:camera.refused');
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError') return i18n.t('checkin:camera.none');
    if (error.name === 'NotReadableError') return i18n.t('checkin:camera.inUse');
  }
  if (!navigator.mediaDevices?.getUserMedia) return i18n.t('checkin:camera.needsHttps');
  return i18n.t('checkin:camera.failed');
}

/**
 * The phone's camera as a scanner: frames are read a few times a second while it is on, and the
 * camera is switched off when the page is left or hidden, so it never keeps running in a pocket.
 */
export function CameraScanner({ onDetect, paused }: { onDetect: (text: string) => void; paused: boolean }) {
  const { t } = useTranslation('checkin');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ on: false, error: null });
  const [isStarting, setIsStarting] = useState(false);
  const latest = useRef({ onDetect, paused });
  useEffect(() => {
    latest.current = { onDetect, paused };
  });

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState({ on: false, error: null });
  }, []);

  const start = async () => {
    setIsStarting(true);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play();
      }
      setState({ on: true, decoder: null });
    } catch (error) {
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      setState({ on: false, error: cameraError(error) });
    } finally {
      setIsStarting(false);
    }
  };

  // Leaving the page (route change or tab hidden) turns the camera off.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [stop]);

  const isOn = state.on;
  useEffect(() => {
    if (!isOn) return;
    let cancelled = false;
    let timer: number | undefined;
    let last = { text: '', at: 0 };
    const loop = async () => {
      const reader = await createQrReader();
      if (cancelled) return;
      setState({ on: true, decoder: reader.kind });
      const tick = async () => {
        const video = videoRef.current;
        if (cancelled) return;
        if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !latest.current.paused) {
          const text = await reader.read(video).catch(() => null);
          const now = Date.now();
          if (text && !cancelled && (text !== last.text || now - last.at > REPEAT_AFTER_MS)) {
            last = { text, at: now };
            latest.current.onDetect(text);
          } else if (text) {
            last.at = now;
          }
        }
        if (!cancelled) timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      await tick();
    };
    void loop();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [isOn]);

  // While the camera runs, its controls sit on the picture, so the result card below stays on a
  // phone's first screen.
  return (
    <Box>
      <Box
        pos="relative"
        bg="dark.8"
        style={{ borderRadius: 12, overflow: 'hidden', display: isOn ? 'block' : 'none' }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('camera.view')}
          style={{ width: '100%', height: 'min(35vh, 260px)', objectFit: 'cover', display: 'block' }}
        />
        {isOn ? (
          <>
            <Button size="sm" variant="white" pos="absolute" top={8} right={8} onClick={stop}>
              {t('camera.stop')}
            </Button>
            <Text
              size="xs"
              c="white"
              bg="rgba(0, 0, 0, 0.6)"
              px="xs"
              py={4}
              pos="absolute"
              left={0}
              right={0}
              bottom={0}
              role="status"
            >
              {paused ? t('camera.reading') : t('camera.on')}
              {state.decoder === 'js' ? ` ${t('camera.softwareDecoder')}` : ''}
            </Text>
          </>
        ) : null}
      </Box>
      {!state.on && state.error ? (
        <Alert color="red" mb="xs" title={t('camera.unavailable')}>
          {state.error}
        </Alert>
      ) : null}
      {isOn ? null : (
        <Button fullWidth size="lg" onClick={() => void start()} loading={isStarting}>
          {t('camera.start')}
        </Button>
      )}
    </Box>
  );
}
