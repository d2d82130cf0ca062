import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The offer template form against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

interface WireTemplate {
  id: number;
  name: string;
  store_id: number;
  status: number;
  repeat_on_days: number[];
  template_quantity: number;
  offer: {
    name: string;
    quantity: number;
    quantity_left: number;
    unit_price: number;
    origin_price: number;
    discount: number;
    origin: string;
    repeat_on_days: number[];
  };
}
const serverTemplates = () => backend.current.devkit.records('templates') as WireTemplate[];
const serverTemplateNamed = (name: string) => serverTemplates().find((t) => t.name === name);

const MIN_PRICE = 'Offer price should be at least 45% of its ordinary listing price';
const QUANTITY_REQUIRED = 'Quantity is required';
const SAVE_FAILED = 'The template could not be saved. Your changes are kept; please try again.';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
// A time field's label gains "(TOMORROW)" when its default window (from the time of day) crosses midnight.
const timeField = (label: string) => screen.getByLabelText(new RegExp(`^${label}(\\s*\\(.+\\))?$`), { selector: 'input' }) as HTMLInputElement;
const saveButton = () => screen.getByText(/^(Save|Retry)$/, { selector: 'button' });
const tickedWeekdays = () => WEEKDAYS.filter((day) => field(day).checked);

async function formShown() {
  await screen.findByTestId('template-form', {}, { timeout: 5000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    await user.type(field(label), value);
  }
}

async function listShown() {
  await waitFor(() => expect(window.location.pathname).toBe('/operations/templates'), { timeout: 5000 });
}

describe('template form', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('creates a template: saved active, with the quantity typed and an embedded offer without stock; then the list', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverTemplates().length;
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Friday cake box', 'Quantity per day': '6', 'Ordinary price': '12', 'Offer price': '6' });
    await user.click(field('Friday'));
    expect((screen.getByTestId('template-discount') as HTMLInputElement).value).toBe('50%');
    await user.click(saveButton());
    await listShown();
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverTemplates()).toHaveLength(before + 1);
    const saved = serverTemplateNamed('Friday cake box')!;
    expect(saved).toMatchObject({ status: 1, template_quantity: 6, repeat_on_days: [5] });
    expect(saved.offer).toMatchObject({ quantity: 0, quantity_left: 0, unit_price: 6, origin_price: 12, discount: 50, origin: 'template', repeat_on_days: [5] });
    expect(sessionStorage.getItem('console.draft.template.new')).toBeNull();
  });

  it('refuses an offer price below 45 % of the ordinary price with the spec’s message and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverTemplates().length;
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Cheap bread bag', 'Quantity per day': '4', 'Ordinary price': '10', 'Offer price': '4' });
    await user.click(saveButton());
    expect(await screen.findByText(MIN_PRICE)).toBeTruthy();
    expect(window.location.pathname).toBe('/operations/templates/create');
    expect(serverTemplates()).toHaveLength(before);

    await fill(user, { 'Offer price': '4.5' });
    await waitFor(() => expect(screen.queryByText(MIN_PRICE)).toBeNull());
    await user.click(saveButton());
    await listShown();
    expect(serverTemplateNamed('Cheap bread bag')?.offer).toMatchObject({ unit_price: 4.5, origin_price: 10, discount: 55 });
  });

  it('a template that repeats needs its quantity: "Quantity is required" until one is typed', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverTemplates().length;
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Monday soup', 'Ordinary price': '6', 'Offer price': '3' });
    await user.click(field('Monday'));
    await user.click(saveButton());
    expect(await screen.findByText(QUANTITY_REQUIRED)).toBeTruthy();
    expect(serverTemplates()).toHaveLength(before);

    await user.type(field('Quantity per day'), '5');
    await waitFor(() => expect(screen.queryByText(QUANTITY_REQUIRED)).toBeNull());
    await user.click(saveButton());
    await listShown();
    expect(serverTemplateNamed('Monday soup')).toMatchObject({ repeat_on_days: [1], template_quantity: 5, status: 1 });
  });

  it('a template on no weekday may leave the quantity empty: it is saved with template_quantity 0', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Published by hand', 'Ordinary price': '8', 'Offer price': '4' });
    expect(field('Quantity per day').value).toBe('');
    expect(tickedWeekdays()).toEqual([]);
    await user.click(saveButton());
    await listShown();
    expect(screen.queryByText(QUANTITY_REQUIRED)).toBeNull();
    const saved = serverTemplateNamed('Published by hand')!;
    expect(saved).toMatchObject({ repeat_on_days: [], template_quantity: 0, status: 1 });
    expect(saved.offer).toMatchObject({ quantity: 0, quantity_left: 0 });
  });

  it('edit shows the template’s values and saving changes the server’s record', async () => {
    const user = userEvent.setup({ delay: null });
    const existing = serverTemplates().find((t) => t.repeat_on_days.length > 0 && t.template_quantity > 0)!;
    renderConsoleAt(`/operations/templates/all/${existing.id}`);
    await formShown();
    expect(field('Name').value).toBe(existing.name);
    expect(field('Quantity per day').value).toBe(String(existing.template_quantity));
    expect(Number(field('Offer price').value)).toBe(existing.offer.unit_price);
    expect(Number(field('Ordinary price').value)).toBe(existing.offer.origin_price);
    expect(tickedWeekdays()).toEqual(existing.repeat_on_days.map((d) => WEEKDAYS[d - 1]));

    const untickable = existing.repeat_on_days.at(-1)!;
    await fill(user, { Name: `${existing.name} (edited)`, 'Quantity per day': String(existing.template_quantity + 3) });
    await user.click(field(WEEKDAYS[untickable - 1]));
    await user.click(saveButton());
    await listShown();
    const saved = serverTemplates().find((t) => t.id === existing.id)!;
    expect(saved).toMatchObject({
      name: `${existing.name} (edited)`,
      template_quantity: existing.template_quantity + 3,
      repeat_on_days: existing.repeat_on_days.filter((d) => d !== untickable),
      status: 1,
    });
    expect(saved.offer).toMatchObject({ quantity: 0, quantity_left: 0, unit_price: existing.offer.unit_price, origin_price: existing.offer.origin_price });
  });

  it('a 500 on save keeps every typed field and says so; Retry saves', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/templates', 500, { times: 1 });
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Cake slices', 'Quantity per day': '4', 'Ordinary price': '5', 'Offer price': '2.5' });
    await user.click(field('Tuesday'));
    await user.click(field('Thursday'));
    await user.click(saveButton());
    expect((await screen.findByTestId('template-save-error', {}, { timeout: 5000 })).textContent).toBe(SAVE_FAILED);
    expect(window.location.pathname).toBe('/operations/templates/create');
    expect([field('Name').value, field('Quantity per day').value, field('Ordinary price').value, field('Offer price').value]).toEqual(['Cake slices', '4', '5', '2.5']);
    expect(tickedWeekdays()).toEqual(['Tuesday', 'Thursday']);
    expect(serverTemplateNamed('Cake slices')).toBeUndefined();
    expect(saveButton().textContent).toBe('Retry');

    await user.click(saveButton());
    await listShown();
    expect(serverTemplateNamed('Cake slices')).toMatchObject({ template_quantity: 4, repeat_on_days: [2, 4], status: 1 });
    expect(serverTemplateNamed('Cake slices')?.offer).toMatchObject({ unit_price: 2.5, origin_price: 5, discount: 50, quantity: 0, quantity_left: 0 });
  });

  it('a 400 on save shows the server’s message and keeps the form', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/templates', 400, { times: 1 });
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Refused box', 'Quantity per day': '2', 'Ordinary price': '9', 'Offer price': '5' });
    await user.click(saveButton());
    expect((await screen.findByTestId('template-save-error', {}, { timeout: 5000 })).textContent).toBe('Injected fault: PUT /stores/templates answers 400');
    expect(window.location.pathname).toBe('/operations/templates/create');
    expect(field('Name').value).toBe('Refused box');
    expect(serverTemplateNamed('Refused box')).toBeUndefined();
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = renderConsoleAt('/operations/templates/create');
    await formShown();
    // After the sign-in is restored: that applies the operator's own preference (English).
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() => expect(screen.getByText('Plantilla', { selector: 'h2' })).toBeTruthy());
    for (const label of ['Nombre', 'Cantidad por día', 'Precio habitual', 'Precio de la oferta', 'Descuento', 'Lunes', 'Domingo']) {
      expect(field(label)).toBeTruthy();
    }
    for (const label of ['Pedidos desde', 'Pedidos hasta', 'Recogida desde', 'Recogida hasta']) {
      expect(timeField(label)).toBeTruthy();
    }
    for (const text of ['Recurrencia', 'Horarios de pedido y recogida', 'Se repite', 'La oferta de cada día se publica con estas raciones.', 'Podrás añadir una imagen cuando la plantilla esté guardada.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Guardar', { selector: 'button' })).toBeTruthy();
    expect(screen.getByText('Cancelar', { selector: 'button' })).toBeTruthy();
    expect(screen.queryByText('Quantity per day')).toBeNull();

    await fill(user, { Nombre: 'Sopa del lunes', 'Precio habitual': '6', 'Precio de la oferta': '3' });
    await user.click(field('Lunes'));
    await user.click(screen.getByText('Guardar', { selector: 'button' }));
    expect(await screen.findByText('La cantidad es obligatoria')).toBeTruthy();
  });
});

/** The server's records of that name. */
const named = (name: string) => serverTemplates().filter((t) => t.name === name);

describe('template form: a create whose answer is lost (issue 23)', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('stored but the answer lost: the form finds the template, says it was saved, and the server holds exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/templates', 'lost-response', { times: 1 });
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Lost answer tarts', 'Quantity per day': '5', 'Ordinary price': '6', 'Offer price': '3' });
    await user.click(field('Friday'));
    await user.click(saveButton());
    await listShown();
    expect(await screen.findByText('It was saved; the answer had been lost on the way')).toBeTruthy();
    expect(named('Lost answer tarts')).toHaveLength(1);
  });

  it('not stored (offline): says it was not saved, keeps every field, and Retry creates exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/templates', 'offline', { times: 1 });
    renderConsoleAt('/operations/templates/create');
    await formShown();
    await fill(user, { Name: 'Offline buns', 'Quantity per day': '2', 'Ordinary price': '4', 'Offer price': '2' });
    await user.click(field('Monday'));
    await user.click(saveButton());
    expect((await screen.findByTestId('template-save-error', {}, { timeout: 5000 })).textContent).toBe(
      'It was not saved: the connection failed before the server stored it. Everything you typed is kept; Retry saves it.',
    );
    expect([field('Name').value, field('Quantity per day').value, field('Ordinary price').value, field('Offer price').value]).toEqual(['Offline buns', '2', '4', '2']);
    expect(tickedWeekdays()).toEqual(['Monday']);
    expect(named('Offline buns')).toHaveLength(0);
    await user.click(saveButton());
    await listShown();
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(named('Offline buns')).toHaveLength(1);
  });
});
