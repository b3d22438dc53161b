import { describe, expect, it } from 'vitest';
// The host's defaults, read from its source: the portal's list of built-in words must be exactly it.
import { DEFAULT_REQUEST_TYPES } from '../../../../host-express/src/requests/types.js';
import { de } from '../../i18n/messages.de.js';
import { en, type MessageKey, type Messages } from '../../i18n/messages.en.js';
import { FIELDS, fieldName, OPTIONS, optionName, TYPES, typeName, typesForReader } from './typeWords.js';

const translator = (messages: Messages) => (key: MessageKey) => messages[key];

describe('the built-in request types in the reader’s language', () => {
  it('knows exactly the host’s default types, fields and options, in its English', () => {
    expect(TYPES).toEqual(Object.fromEntries(DEFAULT_REQUEST_TYPES.map((t) => [t.id, t.label])));
    const fields = DEFAULT_REQUEST_TYPES.flatMap((t) => t.fields);
    expect(FIELDS).toEqual(Object.fromEntries(fields.map((f) => [f.name, f.label])));
    expect([...OPTIONS].sort()).toEqual([...new Set(fields.flatMap((f) => f.options ?? []))].sort());
    // English reads as the host wrote it.
    for (const type of DEFAULT_REQUEST_TYPES)
      expect(typeName(translator(en), type.id, type.label)).toBe(type.label);
  });

  it('translates a default label, and leaves a provider’s own label as set', () => {
    const t = translator(de);
    expect(typeName(t, 'change_of_scope', 'Change of scope or hours')).toBe(
      'Änderung von Umfang oder Stunden',
    );
    expect(typeName(t, 'change_of_scope', 'Scope change (SOW)')).toBe('Scope change (SOW)');
    expect(typeName(t, 'toString', 'toString')).toBe('toString');
    expect(fieldName(t, 'hours_delta', 'Hours to add')).toBe('Zusätzliche Stunden');
    expect(fieldName(t, 'hours_delta', 'Extra hours (net)')).toBe('Extra hours (net)');
    expect(optionName(t, 'invoice_copy')).toBe('Rechnungskopie');
    expect(optionName(t, 'purchase_order')).toBe('Purchase order');
    const [scope] = typesForReader(
      t,
      DEFAULT_REQUEST_TYPES.filter((x) => x.id === 'change_of_scope').map((x) => ({
        ...x,
        fields: x.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
      })) as never,
    );
    expect(scope?.label).toBe('Änderung von Umfang oder Stunden');
    expect(scope?.fields.map((f) => f.label)).toEqual(['Zusätzliche Stunden', 'Ab']);
  });
});
