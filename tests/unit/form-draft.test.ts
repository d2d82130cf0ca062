import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { escapeHtml } from '../../src/lib/escape-html';
import { FORM_DRAFT_DEBOUNCE_MS, formDraft, formDraftKey } from '../../src/lib/form-draft';
import { clearAppStorage } from '../../src/lib/storage';

const Schema = z.object({ name: z.string() });
const KEY = formDraftKey('example', 7);

describe('form drafts (issue #23, 15)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('live under console.draft.<form>.<record>, so signing out removes them', () => {
    expect(KEY).toBe('console.draft.example.7');
    expect(formDraftKey('example', null)).toBe('console.draft.example.new');
  });

  it('are written once typing pauses: a burst of changes writes the last values once', () => {
    const draft = formDraft(KEY, Schema);
    draft.write({ name: 'A' });
    draft.write({ name: 'Ab' });
    vi.advanceTimersByTime(FORM_DRAFT_DEBOUNCE_MS - 1);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(formDraft(KEY, Schema).read()).toEqual({ name: 'Ab' });
  });

  it('a clear (saved, discarded) cancels a write still waiting', () => {
    const draft = formDraft(KEY, Schema);
    draft.write({ name: 'typed' });
    draft.clear();
    vi.advanceTimersByTime(FORM_DRAFT_DEBOUNCE_MS * 2);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('signing out cancels a write still waiting: nothing comes back after the storage is cleared', () => {
    formDraft(KEY, Schema).write({ name: 'typed just before signing out' });
    clearAppStorage();
    vi.advanceTimersByTime(FORM_DRAFT_DEBOUNCE_MS * 2);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a draft that does not read with the schema is dropped', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ name: 42 }));
    expect(formDraft(KEY, Schema).read()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    sessionStorage.setItem(KEY, '{not json');
    expect(formDraft(KEY, Schema).read()).toBeNull();
  });
});

describe('escapeHtml (issue #23, 13)', () => {
  it('turns every character HTML gives meaning to into its entity', () => {
    expect(escapeHtml(`<img src=x onerror="alert(1)"> & 'it'`)).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;it&#39;');
    expect(escapeHtml('Regulars: 45%')).toBe('Regulars: 45%');
  });
});
