import { fromPromise } from 'xstate';
import { ApiError } from '../../api/errors';
import { API_TIMEOUT_MS } from '../../lib/constants';
import { refusalOr } from '../shared/load-failure';
import type { SnackbarRequest } from '../snackbar/machine';
import type { CropRect, LoadedImage } from '../../lib/image-crop';
import {
  UPLOAD_JPEG_QUALITY,
  uploadMachine,
  type UploadMachine,
  type UploadProgress,
  type UploadRequest,
} from './machine';

/**
 * The upload widget's real effects: decoding the chosen file, drawing the crop on a canvas, and
 * the multipart transfer. The transfer uses XMLHttpRequest because fetch reports no upload
 * progress; MSW intercepts XHR too, so mock mode behaves the same.
 */

export interface FormTransfer {
  url: string;
  form: FormData;
  /** The session's token for this call (a stale session refreshes first); undefined sends none. */
  getToken: () => Promise<string | undefined>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** "POST /path" for ApiError, like the http client's operations (no host, no query). */
function operationOf(url: string): string {
  const { pathname } = new URL(url, 'http://relative.invalid');
  return `POST ${pathname}`;
}

function responseData(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not every media endpoint answers JSON; the owner gets what the server said.
    return text;
  }
}

/**
 * Sends `form` as multipart/form-data with POST and resolves with the response data. Failures
 * reject with an ApiError like every other call: 'timeout' after 10 000 ms, 'network' when the
 * request never got an answer, 'http' with the status otherwise. No retry: that is the
 * operator's Retry button.
 */
export async function sendForm({ url, form, getToken, onProgress, signal, timeoutMs = API_TIMEOUT_MS }: FormTransfer): Promise<unknown> {
  const operation = operationOf(url);
  const token = await getToken();
  signal?.throwIfAborted();
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // The first outcome wins; whatever the request does after it (an abort's own events, a late
    // answer) is ignored. Timeout and cancel are our own timer and listener rather than
    // xhr.timeout / onabort, which not every XHR implementation honours (MSW's interceptor does not).
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      outcome();
    };
    const fail = (error: unknown) => {
      finish(() => reject(error));
      xhr.abort();
    };
    const cancel = () => fail(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    const timer = setTimeout(() => fail(new ApiError({ kind: 'timeout', operation, message: `${operation} took longer than ${timeoutMs} ms` })), timeoutMs);
    signal?.addEventListener('abort', cancel, { once: true });

    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.upload.onprogress = (event) => {
      if (!settled && event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () =>
      finish(() => {
        if (xhr.status >= 200 && xhr.status < 300) resolve(responseData(xhr));
        else reject(new ApiError({ kind: 'http', status: xhr.status, operation, message: `${operation} answered ${xhr.status}` }));
      });
    xhr.onerror = () => finish(() => reject(new ApiError({ kind: 'network', operation, message: `${operation} got no answer` })));
    xhr.onabort = () => finish(() => reject(new ApiError({ kind: 'network', operation, message: `${operation} was aborted` })));
    xhr.send(form);
  });
}

/** The multipart body of spec section 3: the owner's fields (item id, optional template_id) and the jpeg. */
export function uploadForm(fields: Record<string, string>, imageField: string, request: Pick<UploadRequest, 'jpeg' | 'fileName'>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A File, not a bare Blob: some FormData implementations drop a Blob's file name.
  form.append(imageField, new File([request.jpeg], request.fileName, { type: 'image/jpeg' }));
  return form;
}

function loadImageElement(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file could not be decoded as an image'));
    image.src = url;
  });
}

/** Decodes the chosen file into an object URL and its natural size. */
export async function readImage(file: Blob, signal?: AbortSignal): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImageElement(url);
    // Another file was chosen meanwhile: nobody will ever show (or release) this one.
    signal?.throwIfAborted();
    return { url, width: image.naturalWidth, height: image.naturalHeight };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** Draws the crop at the image's natural resolution and encodes it as a jpeg (quality 0.9). */
export async function cropToJpeg(image: LoadedImage, crop: CropRect): Promise<Blob> {
  const width = Math.round(crop.width);
  const height = Math.round(crop.height);
  if (width < 1 || height < 1) throw new Error('Canvas is empty');
  const source = await loadImageElement(image.url);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is empty');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, Math.round(crop.x), Math.round(crop.y), width, height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    // toBlob gives null when there is nothing to encode (or the canvas is larger than the browser allows).
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas is empty'))), 'image/jpeg', UPLOAD_JPEG_QUALITY);
  });
}

export interface LiveUploadDeps {
  /** Where the multipart POST goes (from the endpoint helpers in src/api). */
  url: string;
  /** Sent as form fields: the item id (store_id by default) and an optional template_id. */
  fields: Record<string, string>;
  /** The form field of the jpeg; spec section 3: cover_image. */
  imageField: string;
  getToken: () => Promise<string | undefined>;
  onUploaded: (data: unknown) => void;
  /** The app's snackbar; without one the widget's own messages are all the operator sees. */
  notify?: (message: SnackbarRequest) => void;
}

export function liveUploadMachine({ url, fields, imageField, getToken, onUploaded, notify }: LiveUploadDeps): UploadMachine {
  return uploadMachine.provide({
    actors: {
      readImage: fromPromise(({ input, signal }: { input: { file: Blob }; signal: AbortSignal }) => readImage(input.file, signal)),
      cropToJpeg: fromPromise(({ input }: { input: { image: LoadedImage; crop: CropRect } }) => cropToJpeg(input.image, input.crop)),
      upload: fromPromise(({ input, signal }: { input: UploadRequest; signal: AbortSignal }) =>
        sendForm({ url, form: uploadForm(fields, imageField, input), getToken, onProgress: input.onProgress, signal }),
      ),
    },
    actions: {
      notifyUploaded: () => notify?.({ key: 'upload.succeeded', severity: 'success' }),
      notifyUploadFailed: (_, { error }) => {
        console.info('Upload failed', error instanceof ApiError ? error.toJSON() : error);
        notify?.({ key: refusalOr(error, 'upload.failed'), severity: 'error' });
      },
      reportUploaded: (_, { data }) => onUploaded(data),
      releaseImage: (_, { url: objectUrl }) => URL.revokeObjectURL(objectUrl),
    },
  });
}
