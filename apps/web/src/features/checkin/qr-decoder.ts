import type jsQR from 'jsqr';

/**
 * Reads QR codes from camera frames and photos. The browser's BarcodeDetector is fast and uses the
 * platform's decoder (Android, ChromeOS, macOS); where it is missing (Firefox, Safari on iOS,
 * Chromium on Linux and Windows) the jsQR decoder reads pixels from a canvas. jsQR is loaded only
 * when needed, so phones with a native detector never download it.
 */

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource | ImageBitmap): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

type Frame = HTMLVideoElement | ImageBitmap;

export interface QrReader {
  /** Which decoder is in use, shown to staff so a slow scanner can be explained. */
  kind: 'native' | 'js';
  read(frame: Frame, options?: { thorough?: boolean }): Promise<string | null>;
}

// A phone frame scaled to this size still holds a ticket QR held up to the camera, and jsQR's
// time grows with the pixel count, so a full-HD frame would take several times longer.
const VIDEO_MAX_SIDE = 640;
// Photos are taken from further away; try a modest size first, then a larger one.
const PHOTO_SIDES = [1024, 2048];

async function nativeDetector(): Promise<BarcodeDetectorInstance | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

function frameSize(frame: Frame): { width: number; height: number } {
  if (frame instanceof HTMLVideoElement) return { width: frame.videoWidth, height: frame.videoHeight };
  return { width: frame.width, height: frame.height };
}

type JsQr = typeof jsQR;
let jsQrPromise: Promise<JsQr> | null = null;

function loadJsQr(): Promise<JsQr> {
  jsQrPromise ??= import('jsqr').then(
    (module) => module.default,
    (error: unknown) => {
      // Not kept: the next frame tries again, once the connection is back.
      jsQrPromise = null;
      throw error;
    },
  );
  return jsQrPromise;
}

/**
 * Fetches the JS decoder ahead of the first scan, while the scanner page has just loaded: the
 * door's Wi-Fi may be gone by then, and a browser without BarcodeDetector reads no code without it.
 */
export function preloadQrDecoder(): void {
  loadJsQr().catch(() => undefined);
}

function createCanvasReader(): QrReader['read'] {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });

  const readAt = async (frame: Frame, maxSide: number, thorough: boolean): Promise<string | null> => {
    const { width, height } = frameSize(frame);
    if (!context || width === 0 || height === 0) return null;
    const scale = Math.min(1, maxSide / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(frame, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const jsQr = await loadJsQr();
    // Inverted (light on dark) codes are rare on tickets; checking for them doubles the work per frame.
    const code = jsQr(image.data, image.width, image.height, {
      inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert',
    });
    return code?.data || null;
  };

  return async (frame, options) => {
    if (!options?.thorough) return readAt(frame, VIDEO_MAX_SIDE, false);
    for (const side of PHOTO_SIDES) {
      const text = await readAt(frame, side, true);
      if (text) return text;
    }
    return null;
  };
}

export async function createQrReader(): Promise<QrReader> {
  const detector = await nativeDetector();
  const readWithCanvas = createCanvasReader();
  if (!detector) return { kind: 'js', read: readWithCanvas };
  return {
    kind: 'native',
    read: async (frame, options) => {
      const found = await detector.detect(frame).catch(() => []);
      const text = found.find((code) => code.rawValue)?.rawValue ?? null;
      // A detector that misses a code in a still photo gets a second opinion; frames come again anyway.
      if (text || !options?.thorough) return text;
      return readWithCanvas(frame, options);
    },
  };
}

/** Reads the first QR code in an image file (the photo fallback); null when there is none. */
export async function readQrFromFile(file: Blob, reader?: QrReader): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await (reader ?? (await createQrReader())).read(bitmap, { thorough: true });
  } finally {
    bitmap.close();
  }
}
