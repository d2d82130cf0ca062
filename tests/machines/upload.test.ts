import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { cropToJpeg, sendForm, uploadForm } from '../../src/machines/upload/live';
import { defaultCrop, minimumCrop, type ChosenFile, type CropRect, type LoadedImage } from '../../src/lib/image-crop';
import {
  selectCanSubmit,
  selectUploadPhase,
  UPLOAD_CROP_ASPECT,
  UPLOAD_MIN_HEIGHT_PX,
  UPLOAD_MIN_WIDTH_PX,
  UPLOAD_PROGRESS_LINGER_MS,
  uploadMachine,
  type UploadRequest,
} from '../../src/machines/upload/machine';
import { deferred, settle, type Deferred } from '../support/deferred';

const LIMITS = { minWidth: UPLOAD_MIN_WIDTH_PX, minHeight: UPLOAD_MIN_HEIGHT_PX, aspect: UPLOAD_CROP_ASPECT };
const file = (name: string, type: string): ChosenFile => ({ name, type, data: new File(['bytes'], name, { type }) });
const PHOTO = file('shopfront.png', 'image/png');
const LARGE: LoadedImage = { url: 'blob:large', width: 4000, height: 3000 };
const JPEG = new Blob(['jpeg bytes'], { type: 'image/jpeg' });

interface UploadCall {
  request: UploadRequest;
  signal: AbortSignal;
  result: Deferred<unknown>;
}

/**
 * The machine with fake effects: images "decode" to the size the test names, a crop encodes to
 * JPEG unless it is empty (then the real cropToJpeg refuses it, before any canvas is involved),
 * and every upload waits for the test to report progress and finish it.
 */
function harness(image: LoadedImage = LARGE) {
  const reads: Blob[] = [];
  const encodes: CropRect[] = [];
  const uploads: UploadCall[] = [];
  const notices: string[] = [];
  const released: string[] = [];
  const reported: unknown[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        readImage: fromPromise(async ({ input }: { input: { file: Blob } }) => {
          reads.push(input.file);
          if (input.file.size === 0) throw new Error('not an image');
          return image;
        }),
        cropToJpeg: fromPromise(async ({ input }: { input: { image: LoadedImage; crop: CropRect } }) => {
          encodes.push(input.crop);
          return input.crop.width < 1 || input.crop.height < 1 ? cropToJpeg(input.image, input.crop) : JPEG;
        }),
        upload: fromPromise(({ input, signal }: { input: UploadRequest; signal: AbortSignal }) => {
          const result = deferred<unknown>();
          uploads.push({ request: input, signal, result });
          return result.promise;
        }),
      },
      actions: {
        notifyUploaded: () => notices.push('Uploaded successfully'),
        notifyUploadFailed: (_, { error }) => {
          failures.push(error);
          notices.push('Error upload file');
        },
        reportUploaded: (_, { data }) => reported.push(data),
        releaseImage: (_, { url }) => released.push(url),
      },
    }),
    { input: {} },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const phase = () => selectUploadPhase(snapshot());
  const lastUpload = () => uploads[uploads.length - 1];
  async function cropAndSubmit(files: ChosenFile[] = [PHOTO]) {
    actor.send({ type: 'upload.filesChosen', files });
    await settle();
    actor.send({ type: 'upload.submit' });
    await settle();
  }
  return { actor, snapshot, phase, reads, encodes, uploads, lastUpload, notices, released, reported, failures, cropAndSubmit };
}

describe('upload machine', () => {
  it('keeps UPLOAD FILE disabled until a file is chosen and cropped', async () => {
    const { actor, snapshot, phase } = harness();
    expect(phase()).toBe('idle');
    expect(selectCanSubmit(snapshot())).toBe(false);
    actor.send({ type: 'upload.filesChosen', files: [PHOTO] });
    expect(selectCanSubmit(snapshot())).toBe(false);
    await settle();
    expect(phase()).toBe('cropping');
    expect(selectCanSubmit(snapshot())).toBe(true);
  });

  it('refuses anything but one jpeg/jpg/png before reading or sending it', async () => {
    const { actor, snapshot, phase, reads, uploads } = harness();
    actor.send({ type: 'upload.filesChosen', files: [file('animation.gif', 'image/gif')] });
    expect(phase()).toBe('rejected');
    expect(snapshot().context.problem).toEqual({ kind: 'unsupportedType', name: 'animation.gif' });
    expect(selectCanSubmit(snapshot())).toBe(false);

    actor.send({ type: 'upload.filesChosen', files: [file('menu.pdf', 'application/pdf')] });
    expect(snapshot().context.problem).toEqual({ kind: 'unsupportedType', name: 'menu.pdf' });
    actor.send({ type: 'upload.filesChosen', files: [PHOTO, file('second.jpg', 'image/jpeg')] });
    expect(snapshot().context.problem).toEqual({ kind: 'notOneFile', count: 2 });
    await settle();
    expect(reads).toEqual([]);
    expect(uploads).toEqual([]);

    // A .jpg the system gave no MIME type is still a jpeg.
    actor.send({ type: 'upload.filesChosen', files: [file('oven.JPG', '')] });
    expect(phase()).toBe('reading');
    expect(snapshot().context.problem).toBeNull();
  });

  it('refuses an image under 600×350 and lets its object URL go', async () => {
    const { actor, snapshot, phase, released, uploads } = harness({ url: 'blob:small', width: 599, height: 400 });
    actor.send({ type: 'upload.filesChosen', files: [PHOTO] });
    await settle();
    expect(phase()).toBe('rejected');
    expect(snapshot().context.problem).toEqual({ kind: 'tooSmall', width: 599, height: 400 });
    expect(snapshot().context.image).toBeNull();
    expect(released).toEqual(['blob:small']);
    expect(uploads).toEqual([]);
  });

  it('accepts exactly 600×350 and crops it within the image', async () => {
    const { actor, snapshot, phase } = harness({ url: 'blob:edge', width: 600, height: 350 });
    actor.send({ type: 'upload.filesChosen', files: [PHOTO] });
    await settle();
    expect(phase()).toBe('cropping');
    const crop = snapshot().context.crop!;
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.width).toBeLessThanOrEqual(600);
    expect(crop.y + crop.height).toBeLessThanOrEqual(350);
  });

  it('says so when a file cannot be decoded', async () => {
    const { actor, snapshot, phase } = harness();
    actor.send({ type: 'upload.filesChosen', files: [{ name: 'broken.png', type: 'image/png', data: new Blob([]) }] });
    await settle();
    expect(phase()).toBe('rejected');
    expect(snapshot().context.problem).toEqual({ kind: 'unreadable' });
  });

  it('crops, uploads with progress, succeeds, and hides the bar a moment after 100 %', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { actor, snapshot, phase, reads, encodes, lastUpload, notices, reported } = harness();
      actor.send({ type: 'upload.filesChosen', files: [PHOTO] });
      await settle();
      expect(reads).toEqual([PHOTO.data]);
      expect(snapshot().context.crop).toEqual(defaultCrop(LARGE, LIMITS));
      const chosen = { x: 400, y: 300, width: 1600, height: 900 };
      actor.send({ type: 'upload.cropChanged', crop: chosen });
      actor.send({ type: 'upload.submit' });
      expect(phase()).toBe('encoding');
      await settle();
      expect(encodes).toEqual([chosen]);

      expect(phase()).toBe('uploading');
      expect(snapshot().context.progress).toBe(0);
      expect(lastUpload().request).toMatchObject({ jpeg: JPEG, fileName: 'shopfront.jpg' });
      const progress: Array<number | null> = [];
      for (const loaded of [250, 500, 1000]) {
        lastUpload().request.onProgress({ loaded, total: 1000 });
        progress.push(snapshot().context.progress);
      }
      expect(progress).toEqual([25, 50, 100]);
      expect(notices).toEqual([]);

      lastUpload().result.resolve({ media: 'https://cdn.test/shopfront.jpg' });
      await settle();
      expect(snapshot().matches({ loaded: { succeeded: 'showingProgress' } })).toBe(true);
      expect(notices).toEqual(['Uploaded successfully']);
      expect(reported).toEqual([{ media: 'https://cdn.test/shopfront.jpg' }]);
      expect(snapshot().context.progress).toBe(100);
      expect(selectCanSubmit(snapshot())).toBe(false);

      vi.advanceTimersByTime(UPLOAD_PROGRESS_LINGER_MS - 1);
      expect(snapshot().context.progress).toBe(100);
      vi.advanceTimersByTime(1);
      expect(snapshot().matches({ loaded: { succeeded: 'settled' } })).toBe(true);
      expect(snapshot().context.progress).toBeNull();
      expect(UPLOAD_PROGRESS_LINGER_MS).toBeGreaterThanOrEqual(500);
      expect(UPLOAD_PROGRESS_LINGER_MS).toBeLessThanOrEqual(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last percent when the transfer does not know its total', async () => {
    const { snapshot, lastUpload, cropAndSubmit } = harness();
    await cropAndSubmit();
    lastUpload().request.onProgress({ loaded: 30, total: 100 });
    lastUpload().request.onProgress({ loaded: 60, total: 0 });
    expect(snapshot().context.progress).toBe(30);
  });

  it('fails with "Error upload file" and retries the same jpeg without picking the file again', async () => {
    const { actor, snapshot, phase, reads, encodes, uploads, lastUpload, notices, failures, cropAndSubmit } = harness();
    await cropAndSubmit();
    lastUpload().request.onProgress({ loaded: 40, total: 100 });
    const refused = new ApiError({ kind: 'http', status: 500, operation: 'POST /media', message: 'boom' });
    lastUpload().result.reject(refused);
    await settle();
    expect(phase()).toBe('failed');
    expect(snapshot().context.problem).toEqual({ kind: 'uploadFailed' });
    expect(snapshot().context.progress).toBeNull();
    expect(notices).toEqual(['Error upload file']);
    expect(failures).toEqual([refused]);

    actor.send({ type: 'upload.retry' });
    expect(phase()).toBe('uploading');
    expect(snapshot().context.problem).toBeNull();
    expect(uploads).toHaveLength(2);
    expect(uploads[1].request.jpeg).toBe(uploads[0].request.jpeg);
    lastUpload().result.resolve({ ok: true });
    await settle();
    expect(phase()).toBe('succeeded');
    expect(notices).toEqual(['Error upload file', 'Uploaded successfully']);
    expect(reads).toHaveLength(1);
    expect(encodes).toHaveLength(1);
  });

  it('answers an empty crop with "Canvas is empty" and sends nothing', async () => {
    const { actor, snapshot, phase, uploads } = harness();
    actor.send({ type: 'upload.filesChosen', files: [PHOTO] });
    await settle();
    actor.send({ type: 'upload.cropChanged', crop: { x: 10, y: 10, width: 0, height: 0 } });
    actor.send({ type: 'upload.submit' });
    await settle();
    expect(phase()).toBe('cropping');
    expect(snapshot().context.problem).toEqual({ kind: 'emptyCanvas' });
    expect(uploads).toEqual([]);
    // Fixing the crop clears the message.
    actor.send({ type: 'upload.cropChanged', crop: { x: 10, y: 10, width: 1600, height: 900 } });
    expect(snapshot().context.problem).toBeNull();
  });

  it('starts over when another file is chosen, even mid-upload: the transfer is cancelled and the old image released', async () => {
    const { actor, snapshot, phase, lastUpload, released, cropAndSubmit } = harness();
    await cropAndSubmit();
    const first = lastUpload();
    actor.send({ type: 'upload.filesChosen', files: [file('terrace.jpg', 'image/jpeg')] });
    expect(first.signal.aborted).toBe(true);
    expect(released).toEqual(['blob:large']);
    expect(phase()).toBe('reading');
    expect(snapshot().context).toMatchObject({ image: null, crop: null, jpeg: null, progress: null, problem: null });
    expect(snapshot().context.file?.name).toBe('terrace.jpg');
  });
});

describe('crop geometry', () => {
  it('starts at 30 % of the width, 16:9, centred', () => {
    expect(defaultCrop({ width: 4000, height: 3000 }, LIMITS)).toEqual({ x: 1400, y: 1162.5, width: 1200, height: 675 });
  });

  it('never starts below the minimum crop, which covers 600×350 at 16:9', () => {
    const minimum = minimumCrop({ width: 1920, height: 1080 }, LIMITS);
    expect(minimum.height).toBeCloseTo(350);
    expect(minimum.width).toBeCloseTo(350 * (16 / 9));
    expect(defaultCrop({ width: 1920, height: 1080 }, LIMITS)).toMatchObject({ width: minimum.width, height: minimum.height });
  });

  it('fits inside an image too narrow for that minimum', () => {
    expect(defaultCrop({ width: 600, height: 350 }, LIMITS)).toEqual({ x: 0, y: 6.25, width: 600, height: 337.5 });
  });
});

describe('cropToJpeg', () => {
  it('rejects an empty crop with "Canvas is empty"', async () => {
    await expect(cropToJpeg(LARGE, { x: 0, y: 0, width: 0, height: 0 })).rejects.toThrow('Canvas is empty');
    await expect(cropToJpeg(LARGE, { x: 0, y: 0, width: 800, height: 0.2 })).rejects.toThrow('Canvas is empty');
  });
});

describe('the upload transfer (XMLHttpRequest through MSW)', () => {
  const URL = 'https://api.store-platform.test/stores/offers/media';
  const received: Array<{ token: string | null; fields: Record<string, string>; image: { name: string; type: string; size: number } | null }> = [];
  const server = setupServer(
    http.post(URL, async ({ request }) => {
      const form = await request.formData();
      const image = form.get('cover_image');
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
      });
      received.push({
        token: request.headers.get('X-Access-Token'),
        fields,
        image: image instanceof File ? { name: image.name, type: image.type, size: image.size } : null,
      });
      return HttpResponse.json({ media: 'https://cdn.test/shopfront.jpg' });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    received.length = 0;
  });
  afterAll(() => server.close());

  const jpeg = new Blob([new Uint8Array(50_000)], { type: 'image/jpeg' });
  const form = () => uploadForm({ store_id: '12', template_id: '7' }, 'cover_image', { jpeg, fileName: 'shopfront.jpg' });

  it('sends the fields and the jpeg as multipart with the token, reports progress and resolves with the response data', async () => {
    const progress: Array<{ loaded: number; total: number }> = [];
    const data = await sendForm({ url: URL, form: form(), getToken: async () => 'token-1', onProgress: (p) => progress.push(p) });
    expect(data).toEqual({ media: 'https://cdn.test/shopfront.jpg' });
    expect(received).toEqual([
      { token: 'token-1', fields: { store_id: '12', template_id: '7' }, image: { name: 'shopfront.jpg', type: 'image/jpeg', size: 50_000 } },
    ]);
    expect(progress.length).toBeGreaterThan(0);
    const last = progress[progress.length - 1];
    expect(last.loaded).toBe(last.total);
  });

  it('sends no token header when there is no session token', async () => {
    await sendForm({ url: URL, form: form(), getToken: async () => undefined });
    expect(received[0].token).toBeNull();
  });

  it('normalises an error status', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ message: 'too large' }, { status: 413 })));
    const error = await sendForm({ url: URL, form: form(), getToken: async () => 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'http', status: 413, operation: 'POST /stores/offers/media' });
  });

  it('normalises a network failure', async () => {
    server.use(http.post(URL, () => HttpResponse.error()));
    const error = await sendForm({ url: URL, form: form(), getToken: async () => 't' }).catch((e: unknown) => e);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'network' });
  });

  it('gives up after the timeout', async () => {
    server.use(
      http.post(URL, async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    const error = await sendForm({ url: URL, form: form(), getToken: async () => 't', timeoutMs: 50 }).catch((e: unknown) => e);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'timeout' });
  });

  it('stops when its signal aborts', async () => {
    server.use(
      http.post(URL, async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = sendForm({ url: URL, form: form(), getToken: async () => 't', signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
