import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  defaultCrop,
  isAcceptedImage,
  type ChosenFile,
  type CropLimits,
  type CropRect,
  type LoadedImage,
  type UploadPhase,
  type UploadProblem,
} from '../../lib/image-crop';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The image upload widget's flow (spec sections 2, 4, 5, 9): choose one jpeg/png, check it is at
 * least 600×350, crop it at 16:9, encode the crop as a jpeg, send it with progress, then success
 * or failure. A failed upload retries the same jpeg: the operator never has to pick the file
 * again. Choosing another file in any state starts over.
 *
 * Effects are injected actors (decoding the image, drawing the crop, the transfer); messages to
 * the operator are named actions, so tests and generated paths see them.
 */

/** Spec section 9: crop minimum 600×350, aspect 16/9, initial width 30 %, jpeg output. */
export const UPLOAD_MIN_WIDTH_PX = 600;
export const UPLOAD_MIN_HEIGHT_PX = 350;
export const UPLOAD_CROP_ASPECT = 16 / 9;
export const UPLOAD_JPEG_QUALITY = 0.9;
/** Spec section 4: the bar hides about 0.5 to 1 s after reaching 100 %. */
export const UPLOAD_PROGRESS_LINGER_MS = 700;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadContext {
  limits: CropLimits;
  file: ChosenFile | null;
  image: LoadedImage | null;
  crop: CropRect | null;
  /** The encoded crop, kept so that a retry sends it again. */
  jpeg: Blob | null;
  /** Percent while the bar shows, null while it is hidden. */
  progress: number | null;
  problem: UploadProblem | null;
  /** The server's response data of the last successful upload. */
  response: unknown;
}

export type UploadEvent =
  | { type: 'upload.filesChosen'; files: readonly ChosenFile[] }
  | { type: 'upload.cropChanged'; crop: CropRect }
  | { type: 'upload.submit' }
  | { type: 'upload.retry' }
  /** Sent by the running transfer (through its input's onProgress). */
  | { type: 'upload.progressed'; loaded: number; total: number };

export interface UploadRequest {
  jpeg: Blob;
  /** The chosen file's name with a .jpg extension: what the server stores it as. */
  fileName: string;
  onProgress: (progress: UploadProgress) => void;
}

export type UploadInput = Partial<CropLimits>;

export const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;

const percentOf = ({ loaded, total }: UploadProgress) => Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));

// ---- the machine -------------------------------------------------------------------------------

export const uploadMachine = setup({
  types: {
    // Optional: the spec's limits apply to whatever is not given (path generation gives nothing).
    input: {} as UploadInput | undefined,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    /** Decodes the file: natural size and an object URL to show it with. */
    readImage: promiseNotProvided<LoadedImage, { file: Blob }>('readImage'),
    /** Draws the crop at natural resolution and encodes it as jpeg; rejects "Canvas is empty" on an empty crop. */
    cropToJpeg: promiseNotProvided<Blob, { image: LoadedImage; crop: CropRect }>('cropToJpeg'),
    /**
     * The multipart transfer. A promise actor (not a callback actor, which cannot finish with
     * output): progress goes back through `onProgress`, the result is the server's response data.
     */
    upload: promiseNotProvided<unknown, UploadRequest>('upload'),
  },
  actions: {
    /** "Uploaded successfully". */
    notifyUploaded: () => {},
    /** "Error upload file"; `error` is for the log. */
    notifyUploadFailed: (_, _params: { error: unknown }) => {},
    /** Hands the server's response data to the widget's owner. */
    reportUploaded: (_, _params: { data: unknown }) => {},
    /** URL.revokeObjectURL: an object URL holds the whole image in memory until revoked. */
    releaseImage: (_, _params: { url: string }) => {},
    /** Everything about the previous file goes when another one is chosen. */
    startOver: assign({ file: null, image: null, crop: null, jpeg: null, progress: null, problem: null, response: undefined }),
    /** Moving the crop after an upload (or a failed one) starts a new round with the same file. */
    recrop: assign((_, { crop }: { crop: CropRect }) => ({ crop, progress: null, problem: null, response: undefined })),
  },
  guards: {
    isNotOneFile: ({ event }) => event.type === 'upload.filesChosen' && event.files.length !== 1,
    isUnsupportedType: ({ event }) => event.type === 'upload.filesChosen' && !isAcceptedImage(event.files[0]),
    isTooSmall: ({ context }, image: LoadedImage) => image.width < context.limits.minWidth || image.height < context.limits.minHeight,
  },
  delays: {
    progressLinger: UPLOAD_PROGRESS_LINGER_MS,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    limits: {
      minWidth: input?.minWidth ?? UPLOAD_MIN_WIDTH_PX,
      minHeight: input?.minHeight ?? UPLOAD_MIN_HEIGHT_PX,
      aspect: input?.aspect ?? UPLOAD_CROP_ASPECT,
    },
    file: null,
    image: null,
    crop: null,
    jpeg: null,
    progress: null,
    problem: null,
    response: undefined,
  }),
  initial: 'idle',
  on: {
    // Checked before anything is read or sent (spec section 5: jpeg, jpg, png; one file at a time).
    'upload.filesChosen': [
      {
        guard: 'isNotOneFile',
        target: '.rejected',
        actions: ['startOver', assign({ problem: ({ event }) => ({ kind: 'notOneFile', count: event.files.length }) })],
      },
      {
        guard: 'isUnsupportedType',
        target: '.rejected',
        actions: ['startOver', assign({ problem: ({ event }) => ({ kind: 'unsupportedType', name: event.files[0].name }) })],
      },
      { target: '.reading', actions: ['startOver', assign({ file: ({ event }) => event.files[0] })] },
    ],
  },
  states: {
    idle: { description: 'No file chosen yet: UPLOAD FILE is disabled.' },
    rejected: { description: 'The chosen file was refused (type, count, size or unreadable); the problem says why.' },
    reading: {
      tags: 'busy',
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ context }) => ({ file: context.file!.data }),
        onDone: [
          {
            guard: { type: 'isTooSmall', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [
              { type: 'releaseImage', params: ({ event }) => ({ url: event.output.url }) },
              assign({ file: null, problem: ({ event }) => ({ kind: 'tooSmall', width: event.output.width, height: event.output.height }) }),
            ],
          },
          {
            target: 'loaded',
            actions: assign({ image: ({ event }) => event.output, crop: ({ context, event }) => defaultCrop(event.output, context.limits) }),
          },
        ],
        onError: { target: 'rejected', actions: assign({ file: null, problem: { kind: 'unreadable' } }) },
      },
    },
    loaded: {
      description: 'An image is loaded and shows with its crop frame. Its object URL lives exactly as long as this state.',
      initial: 'cropping',
      // Leaving (another file chosen) lets the image go; `startOver` runs after exit actions.
      exit: { type: 'releaseImage', params: ({ context }) => ({ url: context.image!.url }) },
      states: {
        cropping: {
          description: 'The image shows with the crop frame; UPLOAD FILE encodes the crop and sends it.',
          on: {
            'upload.cropChanged': { actions: assign({ crop: ({ event }) => event.crop, problem: null }) },
            'upload.submit': 'encoding',
          },
        },
        encoding: {
          tags: 'busy',
          entry: assign({ problem: null }),
          invoke: {
            id: 'cropToJpeg',
            src: 'cropToJpeg',
            input: ({ context }) => ({ image: context.image!, crop: context.crop! }),
            onDone: { target: 'uploading', actions: assign({ jpeg: ({ event }) => event.output }) },
            // Drawing fails when there is nothing to encode (an empty crop, a canvas the browser refuses):
            // the spec's "Canvas is empty".
            onError: { target: 'cropping', actions: assign({ problem: { kind: 'emptyCanvas' } }) },
          },
        },
        uploading: {
          tags: 'busy',
          entry: assign({ progress: 0, problem: null }),
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context, self }) => ({
              jpeg: context.jpeg!,
              fileName: jpegName(context.file!.name),
              onProgress: (progress: UploadProgress) => self.send({ type: 'upload.progressed', ...progress }),
            }),
            onDone: {
              target: 'succeeded',
              actions: [
                assign({ progress: 100, response: ({ event }) => event.output }),
                'notifyUploaded',
                { type: 'reportUploaded', params: ({ event }) => ({ data: event.output }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ progress: null, problem: { kind: 'uploadFailed' } }),
                { type: 'notifyUploadFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
          on: {
            // Without a known total there is no percent to show; the bar keeps its last value.
            'upload.progressed': { actions: assign({ progress: ({ context, event }) => (event.total > 0 ? percentOf(event) : context.progress) }) },
          },
        },
        succeeded: {
          description: 'Uploaded. Moving the crop starts a new upload of the same file.',
          initial: 'showingProgress',
          states: {
            // The full bar stays a moment so the operator sees it reach 100 %.
            showingProgress: { after: { progressLinger: { target: 'settled', actions: assign({ progress: null }) } } },
            settled: {},
          },
          on: { 'upload.cropChanged': { target: 'cropping', actions: { type: 'recrop', params: ({ event }) => ({ crop: event.crop }) } } },
        },
        failed: {
          description: '"Error upload file" with Retry, which sends the same jpeg again.',
          on: {
            'upload.retry': 'uploading',
            'upload.submit': 'encoding',
            'upload.cropChanged': { target: 'cropping', actions: { type: 'recrop', params: ({ event }) => ({ crop: event.crop }) } },
          },
        },
      },
    },
  },
});

export type UploadMachine = typeof uploadMachine;
export type UploadSnapshot = SnapshotFrom<UploadMachine>;


/** Where the flow is, for the view (the states inside `succeeded` only matter to the bar). */
export function selectUploadPhase(snapshot: UploadSnapshot): UploadPhase {
  const { value } = snapshot;
  if (typeof value === 'string') return value;
  return typeof value.loaded === 'string' ? value.loaded : 'succeeded';
}

/** A chosen image not sent yet (being cropped, encoded or sent, or its send failed): leaving would lose it. */
export const selectHasUnsentImage = (snapshot: UploadSnapshot) => {
  const phase = selectUploadPhase(snapshot);
  return phase === 'cropping' || phase === 'encoding' || phase === 'uploading' || phase === 'failed';
};

/** UPLOAD FILE is enabled only when there is a crop to send (spec: disabled until a file is chosen). */
export const selectCanSubmit = (snapshot: UploadSnapshot) => snapshot.can({ type: 'upload.submit' });

/** Implementations of the machine's effects, for `provide({ actors })`. */
export type UploadEffects = NonNullable<Parameters<UploadMachine['provide']>[0]['actors']>;
