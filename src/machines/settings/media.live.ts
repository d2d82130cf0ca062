import { apiBaseUrl } from '../../api/http';
import { STORE_MEDIA_UPLOADS, StoreMediaResponseSchema, type StoreMediaKind } from '../../api/settings';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';

/**
 * Settings → Media: where each store image is uploaded, and what a successful upload tells the
 * rest of the console. The upload itself is the shared image upload widget and its machine
 * (src/ui/image-upload, src/machines/upload/machine.ts); this module only names its target and
 * records its answer.
 */

export interface StoreMediaTarget {
  /** The multipart POST's URL (the API base and the image's path). */
  url: string;
  /** The form's other fields: the store's id. */
  fields: Record<string, string>;
  /** The form field of the jpeg. */
  imageField: string;
}

/** The upload target of one of the store's images (src/api/settings.ts STORE_MEDIA_UPLOADS). */
export function storeMediaTarget(kind: StoreMediaKind, storeId: number): StoreMediaTarget {
  const { path, idField, imageField } = STORE_MEDIA_UPLOADS[kind];
  return { url: `${apiBaseUrl()}${path}`, fields: { [idField]: String(storeId) }, imageField };
}

/**
 * Appends store.mediaSaved with the store's three images as the server answered them, so the side
 * navigation's avatar and the tab's pictures follow at once. An answer of another shape is logged
 * (the image is on the server; the next profile load shows it) and recorded as nothing.
 */
export function recordStoreMedia(journal: Journal, storeId: number, data: unknown): boolean {
  const parsed = StoreMediaResponseSchema.safeParse(data);
  if (!parsed.success) {
    console.info('Store media upload answered an unexpected body', parsed.error.issues.map((issue) => issue.path.join('.')));
    return false;
  }
  journal.append({ type: 'store.mediaSaved', at: now(), storeId, ...parsed.data });
  return true;
}
