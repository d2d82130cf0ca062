import { describe, expect, it } from 'vitest';
import { describeFaults, formatWait } from '../../mocks/fault-descriptions';
import { SLOW_BACKEND_LATENCY, createFaults } from '../../mocks/faults';
import { translate } from '../../src/i18n';
import { FLAKY_NETWORK_SPARES, scenarios } from '../../scenarios';

const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
const es = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('es', key, params);

/** The faults a scenario starts with, as the devkit reports them. */
function profileOf(name: string) {
  const faults = createFaults();
  faults.applyProfile(scenarios[name].faults);
  return faults.activeFaults();
}

describe('the Demo menu’s active faults in words', () => {
  it('says nothing when nothing is injected (the menu shows its "None" line)', () => {
    expect(describeFaults({ latencyMs: 0, failures: [] }, en, 'en')).toEqual([]);
  });

  it('reads flaky-network’s profile: the range, the 5xx set at its rate and the spared calls', () => {
    expect(describeFaults(profileOf('flaky-network'), en, 'en')).toEqual([
      'Every call waits 300 ms–1.5 sec',
      `On any call: answers 500, 502, 503, or 504, 20% of calls, except ${FLAKY_NETWORK_SPARES.join(', ')}`,
    ]);
  });

  it('reads slow-backend’s bands with their shares', () => {
    expect(describeFaults(profileOf('slow-backend'), en, 'en')).toEqual([
      '55% of calls wait 1.5 sec–4 sec',
      '30% of calls wait 7 sec–9.5 sec',
      '15% of calls wait 10.5 sec–12 sec',
    ]);
    expect(SLOW_BACKEND_LATENCY).toHaveLength(3);
  });

  it('reads devkit.fail rules: operation, outcome, times or rate, and a fixed latency', () => {
    const faults = createFaults();
    faults.latency(2000);
    faults.fail('GET /stores/home', 503, { times: 2 });
    faults.fail('DELETE /stores/offers/{id}', 'timeout');
    faults.fail('*', 'offline', { rate: 0.5 });
    expect(describeFaults(faults.activeFaults(), en, 'en')).toEqual([
      'Every call waits 2 sec',
      'On GET /stores/home: answers 503, the next 2 calls',
      'On DELETE /stores/offers/{id}: never answers (timeout), every time',
      'On any call: fails at the network (offline), 50% of calls',
    ]);
  });

  it("reads 'lost-response' as work done with the answer lost, in English and Spanish", () => {
    const faults = createFaults();
    faults.fail('POST /stores/offers', 'lost-response', { times: 1 });
    expect(describeFaults(faults.activeFaults(), en, 'en')).toEqual(['On POST /stores/offers: does the work, then the answer is lost (connection dropped), the next call']);
    expect(describeFaults(faults.activeFaults(), es, 'es')).toEqual(['En POST /stores/offers: hace el trabajo y la respuesta se pierde (conexión cortada), la próxima llamada']);
  });

  it('speaks Spanish, numbers included', () => {
    const faults = createFaults();
    faults.latency({ minMs: 300, maxMs: 1500 });
    faults.fail('*', [500, 503], { rate: 0.2 });
    const [latency, failure] = describeFaults(faults.activeFaults(), es, 'es');
    expect(latency).toBe(`Cada llamada espera entre ${formatWait(300, 'es')} y ${formatWait(1500, 'es')}`);
    expect(formatWait(1500, 'es')).toMatch(/^1,5\s?s/);
    expect(failure).toMatch(/^En cualquier llamada: responde 500 o 503, el 20\s?% de las llamadas$/);
  });
});
