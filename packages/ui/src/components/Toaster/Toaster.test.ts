import { describe, expect, it } from 'vitest';
import { createPortalToaster } from './createPortalToaster.js';
import { liveRegionFor, toArkPlacement, withoutUndefined } from './placement.js';

describe('toArkPlacement', () => {
  it('maps left/right to logical start/end', () => {
    expect(toArkPlacement('top-left')).toBe('top-start');
    expect(toArkPlacement('top-right')).toBe('top-end');
    expect(toArkPlacement('bottom-left')).toBe('bottom-start');
    expect(toArkPlacement('bottom-right')).toBe('bottom-end');
  });
  it('keeps centred and Ark placements', () => {
    expect(toArkPlacement('top')).toBe('top');
    expect(toArkPlacement('bottom')).toBe('bottom');
    expect(toArkPlacement('top-start')).toBe('top-start');
    expect(toArkPlacement('bottom-end')).toBe('bottom-end');
  });
  it('defaults to bottom', () => {
    expect(toArkPlacement(undefined)).toBe('bottom');
    expect(toArkPlacement('middle' as never)).toBe('bottom');
    expect(toArkPlacement('toString' as never)).toBe('bottom');
  });
});

describe('liveRegionFor', () => {
  it('is assertive for errors only', () => {
    expect(liveRegionFor('error')).toEqual({ role: 'alert', 'aria-live': 'assertive' });
    for (const type of ['info', 'warning', 'success', 'loading', undefined]) {
      expect(liveRegionFor(type)).toEqual({ role: 'status', 'aria-live': 'polite' });
    }
  });
});

describe('withoutUndefined', () => {
  it('drops undefined but keeps falsy values', () => {
    expect(withoutUndefined({ a: undefined, b: 0, c: false, d: null, e: '' })).toEqual({
      b: 0,
      c: false,
      d: null,
      e: '',
    });
  });
});

describe('createPortalToaster', () => {
  it('defaults to bottom, 5000 ms and px offsets', () => {
    const toaster = createPortalToaster();
    expect(toaster.attrs.placement).toBe('bottom');
    expect(toaster.attrs.duration).toBe(5000);
    expect(toaster.attrs.offsets).toBe('16px');
  });
  it('maps the placement and accepts a duration', () => {
    const toaster = createPortalToaster({ placement: 'top-right', duration: 8000 });
    expect(toaster.attrs.placement).toBe('top-end');
    expect(toaster.attrs.duration).toBe(8000);
  });
  it('creates, updates and dismisses toasts; undefined options do not override defaults', () => {
    const toaster = createPortalToaster();
    const seen: unknown[] = [];
    toaster.subscribe((t) => seen.push(t));
    const id = toaster.create({ title: 'Saving', type: 'loading', duration: undefined, closable: true });
    expect(seen.at(-1)).toMatchObject({
      id,
      title: 'Saving',
      type: 'loading',
      duration: 5000,
      closable: true,
    });
    toaster.update(id, { type: 'success', title: 'Saved', description: undefined });
    expect(seen.at(-1)).toMatchObject({ id, title: 'Saved', type: 'success', duration: 5000 });
    expect(toaster.success({ title: 'Done' })).toMatch(/^toast:/);
    expect(toaster.getCount()).toBe(2);
    toaster.remove(id);
    expect(toaster.isVisible(id)).toBe(false);
  });
});
