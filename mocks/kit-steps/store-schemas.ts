/**
 * A step of the mock kit's evaluation (mocks/index.tsx importMockModeKit, decision 030): the API's
 * schemas of sign-up, store settings, the dashboards and the CRM sync, which the mock database and
 * handlers are built from. Nothing here is used through this module; importing it only evaluates
 * them ahead of the kit.
 */
import '../../src/api/crm-sync';
import '../../src/api/management';
import '../../src/api/registration';
import '../../src/api/settings';
