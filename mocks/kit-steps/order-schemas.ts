/**
 * A step of the mock kit's evaluation (mocks/index.tsx importMockModeKit, decision 030): the API's
 * schemas of orders, offers and deliveries, which the mock database is built from. Nothing here is
 * used through this module; importing it only evaluates them ahead of the kit.
 */
import '../../src/api/logistics';
import '../../src/api/offers';
import '../../src/api/orders';
