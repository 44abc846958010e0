import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast } from '../lib/toast';
import { Toaster } from './toaster';

describe('<Toaster>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders default toasts bottom right, newest first, without close button, icon or progress bar', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Pertama' });
      showToast({ title: 'Kedua', text: 'isi' });
    });
    const box = screen.getByTestId('toasts');
    expect(box.className).toContain('er-toasts--bottom-right');
    const titles = [...box.querySelectorAll('.er-toast__title')].map((e) => e.textContent);
    expect(titles).toEqual(['Kedua', 'Pertama']);
    expect(box.querySelector('.er-toast__close')).toBeNull();
    expect(box.querySelector('.er-toast__icon')).toBeNull();
    expect(box.querySelector('.er-toast__progress')).toBeNull();
  });

  it('closes a default toast after 3000 ms, not on click', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Halo' });
    });
    const toast = screen.getByText('Halo');
    fireEvent.click(toast);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Halo')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Halo')).toBeNull();
  });

  it('shows a waiting toast when one closes; its time starts then', () => {
    render(<Toaster />);
    act(() => {
      for (let n = 1; n <= 5; n++) showToast({ title: `t${n}` });
    });
    expect(screen.queryByText('t5')).toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('t5')).not.toBeNull();
    expect(screen.queryByText('t1')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('t5')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('t5')).toBeNull();
  });

  it('pauses while hovered', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Tunggu' });
    });
    const el = screen.getByText('Tunggu').closest('.er-toast') as HTMLElement;
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(el);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Tunggu')).not.toBeNull();
    fireEvent.mouseLeave(el);
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByText('Tunggu')).toBeNull();
  });

  it('long toasts: top right, 5000 ms, close button, dismissed by a drag of 60% of the width', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Panjang', style: 'long' });
    });
    const box = screen.getByTestId('toasts-long');
    expect(box.className).toContain('er-toasts--top-right');
    const el = screen.getByText('Panjang').closest('.er-toast') as HTMLElement;
    expect(el.querySelector('.er-toast__close')).not.toBeNull();
    Object.defineProperty(el, 'offsetWidth', { value: 300, configurable: true });
    // 50% is not enough…
    fireEvent.pointerDown(el, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 250, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 250, pointerId: 1 });
    expect(screen.queryByText('Panjang')).not.toBeNull();
    // …60% is.
    fireEvent.pointerDown(el, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 280, pointerId: 1 });
    expect(screen.queryByText('Panjang')).toBeNull();
  });

  it('closes a long toast after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Lima', style: 'long' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Lima')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Lima')).toBeNull();
  });
});
