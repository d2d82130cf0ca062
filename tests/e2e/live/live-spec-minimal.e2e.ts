import { setUpLiveStack } from './live';
import { recordsJourneys } from './records-journeys';
import { recoveryJourneys, sessionJourneys } from './session-journeys';

/** The live journeys against answers that carry only the fields the spec names (mock:server --shape spec-minimal). */
const live = setUpLiveStack('spec-minimal');
sessionJourneys(live);
recoveryJourneys(live);
recordsJourneys(live);
