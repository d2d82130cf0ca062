import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { SnackbarRequest } from '../../machines/snackbar';
import { liveUploadMachine, selectCanSubmit, selectHasUnsentImage, selectUploadPhase, type UploadEffects, type UploadSnapshot } from '../../machines/upload';
import { ImageUploadView } from '../../ui/image-upload/image-upload-view';

export interface ImageUploadProps {
  /** Where the multipart POST goes: the media endpoint of the item (see src/api). */
  url: string;
  /** Extra form fields: the item id (store_id by default) and an optional template_id. */
  fields: Record<string, string>;
  /** The form field of the jpeg. */
  imageField?: string;
  aspect?: number;
  minWidth?: number;
  minHeight?: number;
  /** Shows the cropped result next to the crop. */
  preview?: boolean;
  /** Receives the server's response data after a successful upload. */
  onUploaded: (data: unknown) => void;
  /** The session's token for the upload (e.g. the http session's accessToken). */
  getToken: () => Promise<string | undefined>;
  /** The app's snackbar, for "Uploaded successfully" / "Error upload file" beyond the widget's own message. */
  notify?: (message: SnackbarRequest) => void;
  /** Told whenever the widget starts or stops holding a chosen image not sent yet (for a leave prompt). */
  onUnsentChange?: (unsent: boolean) => void;
  /**
   * Replaces effects of the live machine. Tests use it: happy-dom decodes no image and has no
   * canvas, so readImage and cropToJpeg are faked there while the transfer stays real.
   */
  effects?: UploadEffects;
}

const selectContext = (snapshot: UploadSnapshot) => snapshot.context;

/**
 * The image upload widget with its machine. Limits (aspect, minimum size) are read when the
 * widget mounts; the other props may change at any time and apply to the next upload.
 */
export function ImageUpload({
  url,
  fields,
  imageField = 'cover_image',
  aspect,
  minWidth,
  minHeight,
  preview = false,
  onUploaded,
  getToken,
  notify,
  onUnsentChange,
  effects,
}: ImageUploadProps) {
  // A new provide() keeps the machine's config, so @xstate/react keeps the running actor and
  // only swaps in these implementations: the latest props are the ones used.
  const machine = useMemo(() => {
    const live = liveUploadMachine({ url, fields, imageField, getToken, onUploaded, notify });
    return effects ? live.provide({ actors: effects }) : live;
  }, [url, fields, imageField, getToken, onUploaded, notify, effects]);
  const actor = useActorRef(machine, { input: { aspect, minWidth, minHeight } });
  const context = useSelector(actor, selectContext);
  const phase = useSelector(actor, selectUploadPhase);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const unsent = useSelector(actor, selectHasUnsentImage);

  useEffect(() => onUnsentChange?.(unsent), [unsent, onUnsentChange]);

  // A stopped actor runs no exit actions, so the image still shown when the widget goes away is
  // released here (other images are released by the machine when they are replaced).
  useEffect(
    () => () => {
      const shown = actor.getSnapshot().context.image;
      if (shown) URL.revokeObjectURL(shown.url);
    },
    [actor],
  );

  return (
    <ImageUploadView
      phase={phase}
      fileName={context.file?.name ?? null}
      image={context.image}
      crop={context.crop}
      limits={context.limits}
      progress={context.progress}
      problem={context.problem}
      canSubmit={canSubmit}
      preview={preview}
      onFilesChosen={(files) => actor.send({ type: 'upload.filesChosen', files })}
      onCropChange={(crop) => actor.send({ type: 'upload.cropChanged', crop })}
      onSubmit={() => actor.send({ type: 'upload.submit' })}
      onRetry={() => actor.send({ type: 'upload.retry' })}
    />
  );
}
