import { centerCrop, makeAspectCrop, type PixelCrop } from 'react-image-crop';

/**
 * The image upload's vocabulary and crop geometry, in the image's natural pixels: what the upload
 * flow (src/machines/upload) decides with and the crop view (src/ui/image-upload) draws with.
 * The geometry is react-image-crop's own helpers (pure functions; its component stays in src/ui),
 * so the initial crop follows the same rules as the crop frame the operator then moves.
 */

/** Spec section 9: the initial crop is 30 % of the image's width. */
export const UPLOAD_INITIAL_CROP_WIDTH = 0.3;
/** What the file input offers; the machine checks again, since a picker can be told "all files". */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png';
const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png)$/i;

/** A file the operator chose, as plain data so path plans can print it. `data` is the File itself. */
export interface ChosenFile {
  name: string;
  type: string;
  data: Blob;
}

/** The decoded image: an object URL to show it and its natural size. */
export interface LoadedImage {
  url: string;
  width: number;
  height: number;
}

/** A rectangle in the image's natural pixels. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CropLimits {
  minWidth: number;
  minHeight: number;
  aspect: number;
}

/** What the operator is told when the flow cannot go on. */
export type UploadProblem =
  | { kind: 'notOneFile'; count: number }
  | { kind: 'unsupportedType'; name: string }
  | { kind: 'tooSmall'; width: number; height: number }
  | { kind: 'unreadable' }
  | { kind: 'emptyCanvas' }
  | { kind: 'uploadFailed' };

/** Where the upload is, for the view. */
export type UploadPhase = 'idle' | 'rejected' | 'reading' | 'cropping' | 'encoding' | 'uploading' | 'succeeded' | 'failed';

/** The library's crops carry their unit; ours are always the image's natural pixels. */
export const toCropRect = ({ x, y, width, height }: PixelCrop): CropRect => ({ x, y, width, height });

/**
 * The smallest crop at the aspect that still covers minWidth × minHeight (at 16:9, 600 wide is
 * only 337.5 high, so 350 high decides: 622.2 × 350), shrunk to fit when the image is smaller
 * than that — an accepted image (≥ 600×350) must always be croppable.
 */
export function minimumCrop(image: { width: number; height: number }, { minWidth, minHeight, aspect }: CropLimits) {
  const { width, height } = makeAspectCrop({ unit: 'px', width: Math.max(minWidth, minHeight * aspect) }, aspect, image.width, image.height);
  return { width, height };
}

/** The spec's default: 30 % of the width at the aspect, centred; never below the minimum crop. */
export function defaultCrop(image: { width: number; height: number }, limits: CropLimits): CropRect {
  const width = Math.max(image.width * UPLOAD_INITIAL_CROP_WIDTH, minimumCrop(image, limits).width);
  const sized = makeAspectCrop({ unit: 'px', width }, limits.aspect, image.width, image.height);
  return toCropRect(centerCrop(sized, image.width, image.height));
}

export function isAcceptedImage(file: Pick<ChosenFile, 'name' | 'type'>): boolean {
  // Some systems report no MIME type at all; the extension is the only clue then.
  return file.type === '' ? ACCEPTED_EXTENSIONS.test(file.name) : ACCEPTED_TYPES.includes(file.type.toLowerCase());
}
