/**
 * A step of the mock kit's evaluation (mocks/index.tsx importMockModeKit, decision 030): the API's
 * schemas of payments, templates, reviews and lookups, which the mock database and handlers are
 * built from. Nothing here is used through this module; importing it only evaluates them ahead of
 * the kit.
 */
import '../../src/api/finance';
import '../../src/api/lookups';
import '../../src/api/ratings';
import '../../src/api/templates';
