import type { PagedList } from '../../api/codecs';
import { TemplateSchema, type Template, type TemplateWire } from '../../api/templates';
import { templatesListMachine } from './list.machine';
import { MONDAY_9AM_SECONDS, offerWire } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the templates list graph is explored with, from the All tab's first page, no search:
 * - the operator: another tab, search and page at once (the Recurring tab, "cake", page 2), Retry
 *   after a failed load, the delete dialog (ask about the second row, cancel, confirm) and a
 *   status switch (the first row to inactive);
 * - every effect's outcome: a page and a failure for the first load (`loadPage`) and for the
 *   quiet refresh after a delete (`refreshPage`, the same actor under another id), the delete
 *   done and refused, the status change done and refused.
 */
const { id: _offerId, ...embedded } = offerWire({ quantity: 0, quantity_left: 0, origin: 'template' });

/** A template as the server sends it (seconds): an active one repeating on Mondays unless told otherwise. */
export function templateWire(id: number, overrides: { name?: string; status?: number; repeat_on_days?: number[] } = {}): TemplateWire {
  const name = overrides.name ?? `Template ${id}`;
  const repeat = overrides.repeat_on_days ?? [1];
  return {
    id,
    name,
    store_id: 1,
    repeat_on_days: repeat,
    template_quantity: 5,
    media: [],
    status: overrides.status ?? 1,
    audit_creation_date: MONDAY_9AM_SECONDS,
    audit_update_date: MONDAY_9AM_SECONDS,
    offer: { ...embedded, name, repeat_on_days: repeat },
  };
}

/** The same template as the client holds it (milliseconds). */
export const template = (id: number, overrides: Parameters<typeof templateWire>[1] = {}): Template => TemplateSchema.parse(templateWire(id, overrides));

export const templatesPageOf = (templates: Template[], total = templates.length, offset = 0): PagedList<Template> => ({
  data: templates,
  limit: 10,
  offset,
  total,
});

const first = template(1);
const second = template(2);
/** The page the list loads: three templates. */
export const PATH_PAGE = templatesPageOf([first, second, template(3)]);
/** The page a refresh after deleting the second one brings: the fourth moved up. */
export const PATH_REFRESHED_PAGE = templatesPageOf([first, template(3), template(4)]);

export const templatesListPathEvents = [
  { type: 'templates.show', filter: 'recurring', search: 'cake', page: 1 },
  { type: 'templates.retry' },
  { type: 'templates.askDelete', template: second, index: 1 },
  { type: 'templates.cancelDelete' },
  { type: 'templates.confirmDelete' },
  { type: 'templates.setStatus', template: first, status: 0 },
  { type: 'xstate.done.actor.loadPage', output: PATH_PAGE },
  { type: 'xstate.error.actor.loadPage', error: { kind: 'http', status: 500 } },
  { type: 'xstate.done.actor.refreshPage', output: PATH_REFRESHED_PAGE },
  { type: 'xstate.error.actor.refreshPage', error: { kind: 'network' } },
  { type: 'xstate.done.actor.deleteTemplate' },
  { type: 'xstate.error.actor.deleteTemplate', error: { kind: 'http', status: 409 } },
  { type: 'xstate.done.actor.setStatus', output: template(1, { status: 0 }) },
  { type: 'xstate.error.actor.setStatus', error: { kind: 'http', status: 500 } },
] satisfies readonly PathEvent<typeof templatesListMachine>[];

export const templatesListPathModel: PathModel<typeof templatesListMachine> = {
  machine: templatesListMachine,
  input: { filter: 'all', search: '', page: 0 },
  events: templatesListPathEvents,
};
