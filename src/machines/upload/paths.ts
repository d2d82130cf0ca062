import type { ChosenFile, LoadedImage } from '../../lib/image-crop';
import { uploadMachine } from './machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the upload graph is explored with: the operator's choices (a good png, a gif, two
 * files at once), every effect's outcome (a large and a too-small image, an unreadable file, an
 * encoded jpeg, "Canvas is empty", the server's answer and a failure), progress at 50 % and
 * 100 %, and the delay that hides the bar.
 */
const file = (name: string, type: string): ChosenFile => ({ name, type, data: new Blob(['image bytes'], { type }) });
const png = file('shopfront.png', 'image/png');
const large: LoadedImage = { url: 'blob:shopfront', width: 1920, height: 1080 };
const small: LoadedImage = { url: 'blob:thumbnail', width: 400, height: 300 };
const jpeg = new Blob(['jpeg bytes'], { type: 'image/jpeg' });

export const uploadPathEvents = [
  { type: 'upload.filesChosen', files: [png] },
  { type: 'upload.filesChosen', files: [file('animation.gif', 'image/gif')] },
  { type: 'upload.filesChosen', files: [png, file('second.jpg', 'image/jpeg')] },
  { type: 'xstate.done.actor.readImage', output: large },
  { type: 'xstate.done.actor.readImage', output: small },
  { type: 'xstate.error.actor.readImage', error: { message: 'not an image' } },
  { type: 'upload.cropChanged', crop: { x: 100, y: 100, width: 1280, height: 720 } },
  { type: 'upload.submit' },
  { type: 'xstate.done.actor.cropToJpeg', output: jpeg },
  { type: 'xstate.error.actor.cropToJpeg', error: { message: 'Canvas is empty' } },
  { type: 'upload.progressed', loaded: 50, total: 100 },
  { type: 'upload.progressed', loaded: 100, total: 100 },
  { type: 'xstate.done.actor.upload', output: { media: 'https://cdn.store-platform.test/shopfront.jpg' } },
  { type: 'xstate.error.actor.upload', error: { kind: 'http', status: 500 } },
  { type: 'xstate.after.progressLinger.upload.loaded.succeeded.showingProgress' },
  { type: 'upload.retry' },
] satisfies readonly PathEvent<typeof uploadMachine>[];

export const uploadPathModel: PathModel<typeof uploadMachine> = { machine: uploadMachine, events: uploadPathEvents };
