import { describe, expect, it } from 'vitest';
import { getWindowWidth, subscribeWindowWidth } from './window-width';

describe('window width store', () => {
  it('follows resize events', () => {
    let calls = 0;
    const off = subscribeWindowWidth(() => calls++);
    Object.defineProperty(window, 'innerWidth', { value: 777, configurable: true });
    window.dispatchEvent(new Event('resize'));
    expect(getWindowWidth()).toBe(777);
    expect(calls).toBe(1);
    window.dispatchEvent(new Event('resize')); // unchanged: no update
    expect(calls).toBe(1);
    Object.defineProperty(window, 'innerWidth', { value: 1400, configurable: true });
    window.dispatchEvent(new Event('load'));
    expect(getWindowWidth()).toBe(1400);
    off();
  });
});
