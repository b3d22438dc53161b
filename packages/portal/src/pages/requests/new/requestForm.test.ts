import type { RequestMeta, RequestType } from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import { bodyOf, fileableTypes, firstInvalid, initialValues, serverErrors, validate } from './requestForm.js';

const change: RequestType = {
  id: 'change_of_scope',
  label: 'Change of scope or hours',
  needsApproval: true,
  requiresProject: false,
  requiresSubscription: true,
  hostOnly: false,
  fields: [
    {
      name: 'hours_delta',
      label: 'Hours to add',
      kind: 'number',
      required: true,
      min: -100,
      max: 100,
      integer: true,
    },
    { name: 'effective_from', label: 'From', kind: 'date', required: false },
  ],
};
const talent: RequestType = {
  ...change,
  id: 'talent_request',
  requiresProject: true,
  requiresSubscription: false,
  fields: [
    { name: 'kind', label: 'Kind', kind: 'select', required: true, options: ['new', 'replacement'] },
    { name: 'role', label: 'Role', kind: 'text', required: false, maxLength: 5 },
  ],
};
const renewal: RequestType = { ...change, id: 'renewal_check_in', hostOnly: true };
const meta = {
  types: [renewal, change, talent],
  defaultVisibility: 'company',
  subscriptions: [{ id: 'deal_1', name: 'Plan' }],
  projects: [{ id: '9003', name: 'App' }],
} as unknown as RequestMeta;
const names = { type: 'Type', title: 'Title', subscription: 'Subscription', project: 'Project' };

describe('the new-request form', () => {
  it('offers only the types a person files, and starts from the address', () => {
    expect(fileableTypes(meta).map((t) => t.id)).toEqual(['change_of_scope', 'talent_request']);
    expect(initialValues(meta, {})).toMatchObject({
      type: 'change_of_scope',
      visibility: 'company',
      subscriptionId: '',
    });
    expect(
      initialValues(meta, { type: 'talent_request', projectId: '9003', subscriptionId: 'not-ours' }),
    ).toMatchObject({ type: 'talent_request', projectId: '9003', subscriptionId: '' });
    expect(initialValues(meta, { type: 'renewal_check_in' }).type).toBe('change_of_scope');
  });

  it('checks the title, the type’s fields and what the type requires', () => {
    const values = { ...initialValues(meta, {}), title: '  ' };
    const errors = validate(values, change, names);
    expect(Object.keys(errors).sort()).toEqual(['fields.hours_delta', 'subscriptionId', 'title']);
    expect(errors.title).toEqual({ key: 'requests.form.error.required', values: { field: 'Title' } });
    const number = (raw: string) =>
      validate({ ...values, fields: { hours_delta: raw } }, change, names)['fields.hours_delta'];
    expect(number('abc')).toMatchObject({ key: 'requests.form.error.number' });
    expect(number('1.5')).toMatchObject({ key: 'requests.form.error.integer' });
    expect(number('-101')).toMatchObject({ key: 'requests.form.error.min', values: { min: -100 } });
    expect(number('101')).toMatchObject({ key: 'requests.form.error.max', values: { max: 100 } });
    expect(number('40')).toBeUndefined();
    const t = validate({ ...values, title: 'x', fields: { kind: 'other', role: 'toolong' } }, talent, names);
    expect(Object.keys(t).sort()).toEqual(['fields.kind', 'fields.role', 'projectId']);
    expect(firstInvalid(t, talent)).toBe('fields.kind');
  });

  it('sends trimmed values, numbers as numbers, nothing empty', () => {
    const values = {
      ...initialValues(meta, { subscriptionId: 'deal_1' }),
      title: ' More hours ',
      description: '  ',
      fields: { hours_delta: ' 40 ', effective_from: '' },
    };
    expect(bodyOf(values, change)).toEqual({
      type: 'change_of_scope',
      title: 'More hours',
      fields: { hours_delta: 40 },
      subscriptionId: 'deal_1',
      visibility: 'company',
    });
  });

  it('puts the host’s 400 errors at their fields, the rest at the form', () => {
    expect(
      serverErrors(
        [
          { path: 'fields.role', message: 'Role is required.' },
          { path: 'body.title', message: 'Too long.' },
          { path: '/projectId', message: 'Choose a project.' },
          { path: 'requesterId', message: 'Not yours.' },
        ],
        talent,
      ),
    ).toEqual({
      'fields.role': { text: 'Role is required.' },
      title: { text: 'Too long.' },
      projectId: { text: 'Choose a project.' },
      form: { text: 'Not yours.' },
    });
  });
});
