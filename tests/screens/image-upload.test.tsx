import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CropRect, LoadedImage } from '../../src/lib/image-crop';
import type { UploadEffects } from '../../src/machines/upload/machine';
import { ImageUpload } from '../../src/screens/shared/image-upload';
import { deferred, type Deferred } from '../support/deferred';

/**
 * The image upload widget as the operator uses it, with the real machine and the real XHR
 * transfer (answered by MSW). happy-dom decodes no image and has no canvas, so only reading the
 * image and encoding the crop are faked.
 */
const URL = 'https://api.store-platform.test/stores/offers/media';

interface Received {
  token: string | null;
  fields: Record<string, string>;
  image: { name: string; type: string } | null;
}
const received: Received[] = [];
let answer: () => Promise<Response> = async () => HttpResponse.json({ media: 'https://cdn.test/shopfront.jpg' });

const server = setupServer(
  http.post(URL, async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    const image = form.get('cover_image');
    received.push({ token: request.headers.get('X-Access-Token'), fields, image: image instanceof File ? { name: image.name, type: image.type } : null });
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  received.length = 0;
  answer = async () => HttpResponse.json({ media: 'https://cdn.test/shopfront.jpg' });
});
afterAll(() => server.close());

const IMAGE: LoadedImage = { url: 'blob:shopfront', width: 1920, height: 1080 };

function renderWidget() {
  const reads: Blob[] = [];
  const crops: CropRect[] = [];
  const uploaded: unknown[] = [];
  const effects: UploadEffects = {
    readImage: fromPromise(async ({ input }: { input: { file: Blob } }) => {
      reads.push(input.file);
      return IMAGE;
    }),
    cropToJpeg: fromPromise(async ({ input }: { input: { image: LoadedImage; crop: CropRect } }) => {
      crops.push(input.crop);
      return new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    }),
  };
  const view = render(
    <ImageUpload
      url={URL}
      fields={{ store_id: '12' }}
      getToken={async () => 'token-1'}
      onUploaded={(data) => uploaded.push(data)}
      preview
      effects={effects}
    />,
  );
  const fileInput = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  // The picker could be switched to "all files"; the widget must refuse what it cannot take.
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, user, fileInput, reads, crops, uploaded };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

/** Every percent the bar shows, as it changes (the whole upload can be over within a few ms). */
function watchProgress(container: HTMLElement) {
  const shown: number[] = [];
  const record = () => {
    const value = container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
    if (value != null && Number(value) !== shown[shown.length - 1]) shown.push(Number(value));
  };
  const observer = new MutationObserver(record);
  observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  return { shown, stop: () => observer.disconnect() };
}
const png = () => new File(['png bytes'], 'shopfront.png', { type: 'image/png' });

describe('image upload widget', () => {
  it('offers a keyboard-usable Select File for jpeg and png, and keeps UPLOAD FILE disabled until a file is chosen', async () => {
    const { user, fileInput } = renderWidget();
    expect(fileInput.accept).toBe('image/jpeg,image/png');
    expect(fileInput.multiple).toBe(false);
    expect(button('UPLOAD FILE').disabled).toBe(true);

    const opened = vi.spyOn(fileInput, 'click').mockImplementation(() => {});
    button('Select File').focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('refuses a gif with a clear message and sends nothing', async () => {
    const { user, fileInput, reads } = renderWidget();
    await user.upload(fileInput, new File(['gif'], 'animation.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe('“animation.gif” is not a JPEG or PNG image. Choose a .jpg, .jpeg or .png file.');
    expect(button('UPLOAD FILE').disabled).toBe(true);
    expect(reads).toEqual([]);
    expect(received).toEqual([]);
  });

  it('crops, shows the progress bar with its percent, says "Uploaded successfully" and hides the bar', async () => {
    const answered: Deferred<void> = deferred();
    answer = async () => {
      await answered.promise;
      return HttpResponse.json({ media: 'https://cdn.test/shopfront.jpg' });
    };
    const { user, fileInput, container, crops, uploaded } = renderWidget();
    await user.upload(fileInput, png());
    expect(await screen.findByText('shopfront.png')).toBeTruthy();
    // The crop frame with its rule-of-thirds guide, over the chosen image, and the preview.
    expect(container.querySelector('.ReactCrop--rule-of-thirds img[alt="Image to crop"]')).not.toBeNull();
    expect(container.querySelector('img[alt="Preview of the cropped image"]')).not.toBeNull();

    await waitFor(() => expect(button('UPLOAD FILE').disabled).toBe(false));
    await user.click(button('UPLOAD FILE'));

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('0%')).toBeTruthy();

    const progress = watchProgress(container);
    answered.resolve();
    expect(await screen.findByText('Uploaded successfully')).toBeTruthy();
    progress.stop();
    // The XHR's upload progress event moved the bar to 100 % before the answer came.
    expect(progress.shown).toContain(100);
    expect(uploaded).toEqual([{ media: 'https://cdn.test/shopfront.jpg' }]);
    expect(received).toEqual([{ token: 'token-1', fields: { store_id: '12' }, image: { name: 'shopfront.jpg', type: 'image/jpeg' } }]);
    // The default crop: 16:9, centred, at least 600×350 of the natural image.
    expect(crops).toHaveLength(1);
    expect(crops[0].width / crops[0].height).toBeCloseTo(16 / 9);
    expect(crops[0].height).toBeGreaterThanOrEqual(350);
    expect(crops[0].x + crops[0].width / 2).toBeCloseTo(IMAGE.width / 2);

    // A moment after 100 % the bar goes.
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 2_000 });
    expect(screen.getByText('Uploaded successfully')).toBeTruthy();
  });

  it('says "Error upload file" on a failure and retries without picking the file again', async () => {
    answer = async () => HttpResponse.json({ message: 'storage full' }, { status: 500 });
    const { user, fileInput, reads, crops, uploaded } = renderWidget();
    await user.upload(fileInput, png());
    await waitFor(() => expect(button('UPLOAD FILE').disabled).toBe(false));
    await user.click(button('UPLOAD FILE'));

    expect((await screen.findByRole('alert')).textContent).toContain('Error upload file');
    expect(uploaded).toEqual([]);

    answer = async () => HttpResponse.json({ media: 'https://cdn.test/shopfront.jpg' });
    await user.click(button('Retry'));
    expect(await screen.findByText('Uploaded successfully')).toBeTruthy();
    expect(screen.queryByText('Error upload file')).toBeNull();
    expect(received).toHaveLength(2);
    expect(uploaded).toEqual([{ media: 'https://cdn.test/shopfront.jpg' }]);
    expect(reads).toHaveLength(1);
    expect(crops).toHaveLength(1);
  });
});
