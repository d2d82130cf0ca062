import { offerDatesMachine } from './dates.machine';
import { PATH_CLOCK_START, type PathEvent, type PathModel } from '../path-model/model';

// Generated paths: the machine is pure (no actors), so every event is a form action.
const PATH_DAY_START = new Date(PATH_CLOCK_START);
const pathAt = (hours: number) => new Date(PATH_DAY_START.getFullYear(), PATH_DAY_START.getMonth(), PATH_DAY_START.getDate(), hours).getTime();

export const offerDatesPathModel: PathModel<typeof offerDatesMachine> = {
  machine: offerDatesMachine,
  input: { windows: { orderFrom: pathAt(10), orderTo: pathAt(18), pickupFrom: pathAt(18), pickupTo: pathAt(20) } },
  events: [
    { type: 'dates.chooseOrderDay', day: 'tomorrow' },
    { type: 'dates.chooseOrderDay', day: 'today' },
    { type: 'dates.choosePickupDay', day: 'tomorrow' },
    { type: 'dates.choosePickupDay', day: 'today' },
    { type: 'dates.setOrderStart', at: pathAt(12) },
    { type: 'dates.setOrderEnd', at: pathAt(8) },
    { type: 'dates.setPickupStart', at: pathAt(19) },
    { type: 'dates.setPickupEnd', at: pathAt(21) },
  ] satisfies readonly PathEvent<typeof offerDatesMachine>[],
};

// The same form opened on an offer that starts tomorrow (the other branch of each "choosing" state).
export const offerDatesTomorrowModel: PathModel<typeof offerDatesMachine> = {
  ...offerDatesPathModel,
  input: { windows: { orderFrom: pathAt(34), orderTo: pathAt(42), pickupFrom: pathAt(42), pickupTo: pathAt(44) } },
};

