import type { Language } from '../src/api/session';
import type { Translate } from '../src/i18n';
import type { ActiveFaults, FailureRule, LatencyBand } from './faults';

/**
 * The active faults in words, one line each, for the Demo menu: the latency (fixed, a range or a
 * profile's bands) and every failure rule with its operation, outcome and how often it applies.
 * Pure, so a test can read what the menu shows for any faults object.
 */
export function describeFaults(faults: ActiveFaults, t: Translate, language: Language): string[] {
  return [...describeLatency(faults, t, language), ...faults.failures.map((rule) => describeFailure(rule, t, language))];
}

/** 300 → "300 ms", 1500 → "1.5 s" (in the language's number format). */
export function formatWait(ms: number, language: Language): string {
  return ms < 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(ms / 1000);
}

const percent = (share: number, language: Language) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

function describeLatency(faults: ActiveFaults, t: Translate, language: Language): string[] {
  const wait = (ms: number) => formatWait(ms, language);
  const range = (band: LatencyBand) => ({ min: wait(band.minMs), max: wait(band.maxMs) });
  const bands = faults.latencyBands;
  if (!bands) return faults.latencyMs > 0 ? [t('demo.fault.latencyFixed', { time: wait(faults.latencyMs) })] : [];
  if (bands.length === 1 && bands[0].share === 1) return [t('demo.fault.latencyRange', range(bands[0]))];
  return bands.map((band) => t('demo.fault.latencyBand', { share: percent(band.share, language), ...range(band) }));
}

function describeFailure(rule: FailureRule, t: Translate, language: Language): string {
  const operation = rule.operation === '*' ? t('demo.fault.anyCall') : rule.operation;
  const outcome =
    rule.outcome === 'timeout'
      ? t('demo.fault.timeout')
      : rule.outcome === 'offline'
        ? t('demo.fault.offline')
        : rule.outcome === 'lost-response'
          ? t('demo.fault.lostResponse')
          : typeof rule.outcome === 'number'
          ? t('demo.fault.status', { status: rule.outcome })
          : t('demo.fault.statuses', { statuses: new Intl.ListFormat(language, { type: 'disjunction' }).format(rule.outcome.map(String)) });
  const frequency =
    rule.remaining !== undefined
      ? rule.remaining === 1
        ? t('demo.fault.timesOne')
        : t('demo.fault.times', { count: rule.remaining })
      : rule.rate !== undefined
        ? t('demo.fault.rate', { percent: percent(rule.rate, language) })
        : t('demo.fault.always');
  return rule.except && rule.except.length > 0
    ? t('demo.fault.failureExcept', { operation, outcome, frequency, operations: rule.except.join(', ') })
    : t('demo.fault.failure', { operation, outcome, frequency });
}
