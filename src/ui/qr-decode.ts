/**
 * Reading a QR code from pixels in the browser (issue 32 item 7: the customer picks a photo or a
 * screenshot of the code, or points the camera at it, instead of copying its text). The decoder
 * (@zxing/library) is loaded on the first read, never with a page, so the routes' first load keeps
 * its budget (scripts/bundle-budget.ts).
 */

/** Grey levels (one byte a pixel, ITU-R BT.601 weights) of RGBA pixels as a canvas gives them. */
export function luminanceOf(rgba: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let p = 0, i = 0; p < grey.length; p += 1, i += 4) {
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    const a = (rgba[i + 3] ?? 255) / 255;
    // A transparent pixel reads as the white paper it would be printed on.
    grey[p] = Math.round(((r * 299 + g * 587 + b * 114) / 1000) * a + 255 * (1 - a));
  }
  return grey;
}

/** The text of the QR code in the grey pixels, or null when none is found or it does not read. */
export async function decodeQrLuminance(
  grey: Uint8ClampedArray,
  width: number,
  height: number,
): Promise<string | null> {
  const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } =
    await import('@zxing/library');
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)));
  try {
    return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
  } catch {
    // zxing throws when the picture holds no readable code (NotFound, Checksum, Format).
    return null;
  }
}

/** The longest side a picture is read at: a phone's photo is scaled down, a QR stays readable. */
export const READ_SIDE_MAX = 1200;

/** The picture's size to read it at: as it is, or scaled down to READ_SIDE_MAX on its longest side. */
export function readSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, READ_SIDE_MAX / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Draws a picture (an image file's bitmap, a video frame) on a canvas and reads its QR code. */
export async function decodeQrFrom(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
): Promise<string | null> {
  const { width, height } = readSize(sourceWidth, sourceHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.drawImage(source, 0, 0, width, height);
  const { data } = g.getImageData(0, 0, width, height);
  return decodeQrLuminance(luminanceOf(data, width, height), width, height);
}

/** Reads the QR code of an image file; null when it holds none. Throws when it is no image. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQrFrom(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
