import { createEmptyActor } from 'xstate';
import { pollerMachine, type PollerInput } from './poller.machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the child poller (the one every polling flow invokes) is explored with: its flow
 * waiting for the next poll, the browser tab hidden and shown again, and the timer that makes the
 * next poll due (the back-off's waits are tests/machines/poller.test.ts's). What the poller tells
 * its flow goes to an actor that only listens; the flows' own models send them `poller.due` and
 * their pause and resume events directly.
 */
export const POLLER_PATH_INPUT: PollerInput = { parent: createEmptyActor(), intervalMs: 10_000, pause: 'flow.pause', resume: 'flow.resume' };

export const pollerPathEvents = [
  { type: 'poller.schedule' },
  { type: 'poller.pause' },
  { type: 'poller.resume' },
  { type: 'xstate.after.pollDelay.poller.visible.counting' },
] satisfies readonly PathEvent<typeof pollerMachine>[];

export const pollerPathModel: PathModel<typeof pollerMachine> = {
  machine: pollerMachine,
  input: POLLER_PATH_INPUT,
  events: pollerPathEvents,
};
