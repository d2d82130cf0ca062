import { setUpLiveStack } from './live';
import { recordsJourneys } from './records-journeys';
import { recoveryJourneys, sessionJourneys } from './session-journeys';

/** The live journeys against the mock's full answers (tests/e2e/live/live.ts). */
const live = setUpLiveStack('full');
sessionJourneys(live);
recoveryJourneys(live);
recordsJourneys(live);
