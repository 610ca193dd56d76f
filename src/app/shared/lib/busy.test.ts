// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { busy, busyReasons, isBusy, markBusy, unmarkBusy } from './busy';

afterEach(() => {
  for (const k of Object.keys(busy.reasons)) delete busy.reasons[k];
});

describe('busy registry', () => {
  it('a mark makes the console busy until it is taken away', () => {
    expect(isBusy()).toBe(false);
    const done = markBusy('upload');
    expect(isBusy()).toBe(true);
    expect(busyReasons()).toEqual(['upload']);
    done();
    expect(isBusy()).toBe(false);
  });

  it('marks count, and a disposer unmarks only its own mark, once', () => {
    const a = markBusy('form');
    const b = markBusy('form');
    a();
    a();
    expect(isBusy()).toBe(true);
    b();
    expect(isBusy()).toBe(false);
  });

  it('unmarkBusy never goes below zero', () => {
    unmarkBusy('form');
    unmarkBusy('form');
    expect(isBusy()).toBe(false);
    markBusy('form');
    expect(isBusy()).toBe(true);
    unmarkBusy('form');
    expect(isBusy()).toBe(false);
  });
});
