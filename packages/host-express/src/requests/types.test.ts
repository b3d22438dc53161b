import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_TYPES,
  findRequestType,
  type RequestTypeSpec,
  validateFields,
  validateRequestTypes,
} from './types.js';

const type = (id: string) => findRequestType(DEFAULT_REQUEST_TYPES, id) as RequestTypeSpec;

describe('the default request types', () => {
  it('are the six of the issue and the recurring review, and pass their own validation', () => {
    expect(DEFAULT_REQUEST_TYPES.map((t) => t.id)).toEqual([
      'question',
      'change_of_scope',
      'talent_request',
      'document_request',
      'escalation',
      'renewal_check_in',
      'review',
    ]);
    expect(validateRequestTypes(DEFAULT_REQUEST_TYPES)).toEqual({ ok: true, value: DEFAULT_REQUEST_TYPES });
    expect(type('change_of_scope').needsApproval).toBe(true);
    expect(type('talent_request').requiresProject).toBe(true);
    expect(type('renewal_check_in').hostOnly).toBe(true);
    expect(type('review').hostOnly).toBe(true);
  });
});

describe('validateFields', () => {
  it('keeps the type’s fields, trimmed, and drops empty optional ones', () => {
    expect(
      validateFields(type('talent_request'), { kind: 'new', role: '  Backend engineer ', start_date: '' }),
    ).toEqual({
      ok: true,
      value: { kind: 'new', role: 'Backend engineer' },
    });
    expect(validateFields(type('question'), undefined)).toEqual({ ok: true, value: {} });
  });

  it('refuses missing, unknown, mistyped and out-of-bounds values, naming each', () => {
    const result = validateFields(type('change_of_scope'), {
      hours_delta: 20_000,
      effective_from: '2026-02-30',
      x: 1,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        '“x” is not a field of Change of scope or hours.',
        'Hours to add must be between -10000 and 10000.',
        'From must be a date from 2000-01-01 to 2099-12-31.',
      ],
    });
    expect(validateFields(type('change_of_scope'), {})).toEqual({
      ok: false,
      errors: ['Hours to add is required.'],
    });
    expect(validateFields(type('change_of_scope'), { hours_delta: '5' })).toMatchObject({
      errors: ['Hours to add must be a number.'],
    });
    expect(validateFields(type('change_of_scope'), { hours_delta: Number.NaN })).toMatchObject({ ok: false });
    expect(validateFields(type('talent_request'), { kind: 'other', role: 'x' })).toMatchObject({
      errors: ['New or replacement must be one of: new, replacement.'],
    });
    expect(validateFields(type('talent_request'), { kind: 'new', role: 'a\u0000b' })).toMatchObject({
      ok: false,
    });
    expect(validateFields(type('talent_request'), { kind: 'new', role: 'x'.repeat(201) })).toMatchObject({
      errors: ['Role must be at most 200 characters.'],
    });
    expect(validateFields(type('question'), [])).toEqual({
      ok: false,
      errors: ['The fields must be an object.'],
    });
  });

  it('checks whole numbers when the field asks for them', () => {
    const spec: RequestTypeSpec = {
      ...type('question'),
      fields: [{ name: 'seats', label: 'Seats', kind: 'number', required: true, integer: true, min: 1 }],
    };
    expect(validateFields(spec, { seats: 2.5 })).toMatchObject({ errors: ['Seats must be a whole number.'] });
    expect(validateFields(spec, { seats: 3 })).toEqual({ ok: true, value: { seats: 3 } });
  });
});

describe('validateRequestTypes', () => {
  it('completes a configured override with false flags', () => {
    expect(validateRequestTypes([{ id: 'audit', label: 'Audit', fields: [] }])).toEqual({
      ok: true,
      value: [
        {
          id: 'audit',
          label: 'Audit',
          needsApproval: false,
          requiresProject: false,
          requiresSubscription: false,
          hostOnly: false,
          fields: [],
        },
      ],
    });
  });

  it('refuses the whole list on any error, naming each', () => {
    expect(validateRequestTypes([])).toMatchObject({ ok: false });
    expect(validateRequestTypes('question')).toMatchObject({ ok: false });
    const result = validateRequestTypes([
      { id: 'Bad Id', label: '' },
      { id: 'a', label: 'A', needsApproval: 'yes' },
      { id: 'a', label: 'A again' },
      {
        id: 'b',
        label: 'B',
        fields: [
          { name: 'x', label: 'X', kind: 'select', required: true, options: [] },
          { name: 'x', label: 'X', kind: 'number', required: false, min: 5, max: 1 },
          { name: 'y', label: 'Y', kind: 'colour', required: 'no', options: ['a'] },
          { name: 'z', label: 'Z', kind: 'text', required: false, maxLength: 0 },
        ],
      },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Type 1: the id must be lower-case letters, digits and "_", starting with a letter.',
        'Type 1: the label must be 1 to 100 characters.',
        'Type 2: needsApproval must be true or false.',
        'Type 3: the id “a” is used twice.',
        'Type 4, field 1: a select field needs distinct, non-empty options.',
        'Type 4, field 2: min must not be greater than max.',
        'Type 4: the field “x” is named twice.',
        'Type 4, field 3: the kind must be text, number, date or select.',
        'Type 4, field 3: "required" must be true or false.',
        'Type 4, field 3: only a select field has options.',
        'Type 4, field 4: maxLength must be a whole number from 1 to 20,000.',
      ],
    });
  });
});
