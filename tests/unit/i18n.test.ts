import { describe, expect, it } from 'vitest';
import { loadCatalogue, translate } from '../../src/i18n';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { weekdayName, weekdays } from '../../src/i18n/weekdays';

const parameters = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('message catalogues', () => {
  it('have exactly the same keys in English and Spanish', () => {
    const english = Object.keys(en).sort();
    const spanish = Object.keys(es).sort();
    expect({ missingInSpanish: english.filter((key) => !spanish.includes(key)) }).toEqual({ missingInSpanish: [] });
    expect({ missingInEnglish: spanish.filter((key) => !english.includes(key)) }).toEqual({ missingInEnglish: [] });
  });

  it('have no empty message and keep the same parameters in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect({ key, en: en[key].trim() !== '', es: es[key].trim() !== '' }).toEqual({ key, en: true, es: true });
      expect({ key, params: parameters(es[key]) }).toEqual({ key, params: parameters(en[key]) });
    }
  });

  it('are really translated (not English copied into Spanish), apart from words both languages share', () => {
    const sharedWords: string[] = ['order.lineTotal', 'orders.col.total', 'orders.rangeChip', 'deliveryMap.statusCount'];
    const same = (Object.keys(en) as (keyof typeof en)[]).filter((key) => en[key] === es[key] && !sharedWords.includes(key));
    expect(same).toEqual([]);
  });

  it('keep the spec strings word for word in English', () => {
    expect(en['auth.signIn.invalid']).toBe('Invalid e-mail or password');
    expect(en['shell.notificationsEmpty']).toBe("There's nothing here...");
    expect(en['shell.notifications']).toBe('Notifications');
    expect(en['shell.seeAll']).toBe('See all');
    expect(en['page.managementInfo']).toBe('Management Information');
    expect(en['auth.email']).toBe('Email');
    expect(en['auth.password']).toBe('Password');
    expect(en['auth.signIn.submit']).toBe('Sign in');
    expect(en['common.successfullySaved']).toBe('Successfully saved');
    expect(en['orders.statusFailed']).toBe('Error on change status');
    expect(en['orders.cancelFailed']).toBe('Error on cancel');
    expect(en['delivery.moreInformation']).toBe('MORE INFORMATION');
    expect(es['delivery.moreInformation']).toBe('MÁS INFORMACIÓN');
    // Logistics (issue 7): the delete failure of trucks and pickup locations, the failed route.
    expect(en['trucks.deleteFailed']).toBe('We have problems, to delete');
    expect(en['pickups.deleteFailed']).toBe('We have problems, to delete');
    expect(en['maps.routeFailed']).toBe('We cannot read map');
    for (const key of ['trucks.deleteFailed', 'pickups.deleteFailed', 'maps.routeFailed'] as const) {
      expect({ key, inSpanish: Object.hasOwn(es, key) }).toEqual({ key, inSpanish: true });
      expect(es[key].trim()).not.toBe('');
      expect(es[key]).not.toBe(en[key]);
    }
  });

  it('fills parameters; Spanish once its catalogue is loaded (English until then)', async () => {
    expect(translate('en', 'page.order', { id: 42 })).toBe('Order #42');
    expect(await loadCatalogue('es')).toBe(es);
    expect(translate('es', 'page.order', { id: 42 })).toBe('Pedido n.º 42');
    // English is the public strings joined by the console's (tests/setup.ts loads them, as the routes do).
    expect(await loadCatalogue('en')).toEqual(en);
  });
});

describe('weekdays', () => {
  it('run monday to sunday in both languages, in real Spanish', () => {
    expect(weekdays.en).toHaveLength(7);
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(3, 'es')).toBe('Miércoles');
    expect(weekdayName(7, 'es')).toBe('Domingo');
  });
});
