import { findChromium, NO_CHROMIUM_MESSAGE } from '../tests/e2e/chromium';

/**
 * The first step of `npm run test:e2e`: with no browser to drive, stop before the builds and the
 * journeys with one message naming the install command, instead of failing in every journey.
 */
const found = findChromium();
if (found === undefined) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}
console.log(`End-to-end journeys will drive ${found}`);
