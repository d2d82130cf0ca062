import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/**
 * Settings → Media against the real mock handlers: the operator picks an image, crops it and
 * uploads it with the shared upload widget; the server holds the new image and the console shows
 * it at once (the side navigation's avatar too).
 *
 * happy-dom decodes no image and has no canvas, so the browser's decoder (Image) and canvas are
 * stood in for: every image decodes as 1920×1080 and every crop encodes as the same small JPEG.
 * Everything else is real: the widget, its machine, the multipart XHR and the handlers.
 */
const backend = setupTestBackend();

/** A JPEG's first bytes (SOI, APP0 "JFIF") and its end marker: what the server checks. */
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const JPEG_DATA_URL = `data:image/jpeg;base64,${btoa(String.fromCharCode(...JPEG_BYTES))}`;

interface WireStore {
  id: number;
  avatar: string;
  logo: string;
  cover: string;
}

function currentStoreId(): number {
  return (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
}
const serverStore = () => (backend.current.devkit.records('stores') as WireStore[]).find((s) => s.id === currentStoreId())!;

/** An Image that "decodes" any source as a 1920×1080 picture, as a browser would a real photo. */
class DecodingImage {
  naturalWidth = 1920;
  naturalHeight = 1080;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    setTimeout(() => this.onload?.(), 0);
  }
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
  vi.stubGlobal('Image', DecodingImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: () => undefined, imageSmoothingQuality: 'low' }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback) => callback(new Blob([JPEG_BYTES], { type: 'image/jpeg' })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function mediaCard(kind: 'avatar' | 'logo' | 'cover') {
  return within(await screen.findByTestId(`media-${kind}`, {}, { timeout: 5000 }));
}

async function chooseAndUpload(kind: 'avatar' | 'logo' | 'cover', user: ReturnType<typeof userEvent.setup>) {
  const card = await mediaCard(kind);
  const input = (await screen.findByTestId(`media-${kind}`)).querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['png bytes'], 'shopfront.png', { type: 'image/png' }));
  const upload = card.getByText('UPLOAD FILE', { selector: 'button' });
  await waitFor(() => expect((upload as HTMLButtonElement).disabled).toBe(false));
  await user.click(upload);
  return card;
}

describe('settings: media', () => {
  it('shows the three images the store has, each with its own upload widget', async () => {
    renderConsoleAt('/settings/media');
    const store = serverStore();
    for (const kind of ['avatar', 'logo', 'cover'] as const) {
      const card = await mediaCard(kind);
      await waitFor(() => expect(card.getByTestId(`media-${kind}-current`).getAttribute('src')).toBe(store[kind]));
      expect(card.getByText('Select File', { selector: 'button' })).toBeTruthy();
      expect((card.getByText('UPLOAD FILE', { selector: 'button' }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect((await mediaCard('cover')).getByText('A JPEG or PNG image of at least 600×350 px.')).toBeTruthy();
    expect((await mediaCard('avatar')).getByText('A JPEG or PNG image of at least 350×350 px.')).toBeTruthy();
  });

  it('uploads a cover: "Uploaded successfully", the server holds it and the tab shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    renderConsoleAt('/settings/media');
    const card = await chooseAndUpload('cover', user);
    expect((await card.findByText('Uploaded successfully', {}, { timeout: 5000 })).closest('[role="status"]')).not.toBeNull();
    expect(serverStore()).toEqual({ ...before, cover: JPEG_DATA_URL });
    await waitFor(() => expect(card.getByTestId('media-cover-current').getAttribute('src')).toBe(JPEG_DATA_URL));
  });

  it('crops the avatar square and the cover at 16:9', async () => {
    const user = userEvent.setup({ delay: null });
    const drawn: number[][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          drawImage: (...args: unknown[]) => void drawn.push((args.slice(1) as number[]).slice(0, 4)),
          imageSmoothingQuality: 'low',
        }) as unknown as CanvasRenderingContext2D,
    );
    renderConsoleAt('/settings/media');
    await (await chooseAndUpload('avatar', user)).findByText('Uploaded successfully', {}, { timeout: 5000 });
    await (await chooseAndUpload('cover', user)).findByText('Uploaded successfully', {}, { timeout: 5000 });
    const [avatar, cover] = drawn.map(([, , width, height]) => width / height);
    expect(avatar).toBeCloseTo(1, 2);
    expect(cover).toBeCloseTo(16 / 9, 2);
  });

  it('an avatar upload changes the side navigation’s avatar at once', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = renderConsoleAt('/settings/media');
    await chooseAndUpload('avatar', user);
    await waitFor(() => expect(serverStore().avatar).toBe(JPEG_DATA_URL));
    const nav = screen.getAllByRole('navigation').find((element) => element.querySelector('[data-testid="store-name"]'))!;
    await waitFor(() => expect(nav.querySelector('img')?.getAttribute('src')).toBe(JPEG_DATA_URL));
    const saved = services.journal.export().events.filter((event) => event.type === 'store.mediaSaved');
    expect(saved).toEqual([expect.objectContaining({ storeId: currentStoreId(), avatar: JPEG_DATA_URL, logo: serverStore().logo, cover: serverStore().cover })]);
  });

  it('a failed upload says "Error upload file", keeps the image the store had, and Retry sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    backend.current.devkit.fail('POST /stores/profile/mediacover', 500, { times: 1 });
    renderConsoleAt('/settings/media');
    const card = await chooseAndUpload('cover', user);
    expect((await card.findByText('Error upload file', {}, { timeout: 5000 })).closest('[role="alert"]')).not.toBeNull();
    expect(serverStore().cover).toBe(before.cover);
    expect(card.getByTestId('media-cover-current').getAttribute('src')).toBe(before.cover);

    await user.click(card.getByText('Retry', { selector: 'button' }));
    expect(await card.findByText('Uploaded successfully', {}, { timeout: 5000 })).toBeTruthy();
    expect(serverStore().cover).toBe(JPEG_DATA_URL);
  });

  it('leaving with a chosen image not uploaded asks first; once uploaded, the tab is left without a question', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/media');
    const card = await mediaCard('logo');
    const input = (await screen.findByTestId('media-logo')).querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png bytes'], 'logo.png', { type: 'image/png' }));
    const upload = card.getByText('UPLOAD FILE', { selector: 'button' }) as HTMLButtonElement;
    await waitFor(() => expect(upload.disabled).toBe(false));

    await user.click(tabNamed('Billing'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('The image you chose is not uploaded yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(window.location.pathname).toBe('/settings/media');
    expect(upload.disabled).toBe(false);

    await user.click(upload);
    expect(await card.findByText('Uploaded successfully', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(tabNamed('Billing'));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const { services } = renderConsoleAt('/settings/media');
    const card = await mediaCard('logo');
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await card.findByText('Logotipo')).toBeTruthy();
    expect(card.getByText('La marca de la tienda en su página y en los recibos. Recorte cuadrado.')).toBeTruthy();
  });
});
