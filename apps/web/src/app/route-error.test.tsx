import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/chunk-load';
import { HttpError } from '../lib/http-errors';
import { RouteErrorPanel } from './route-error';

const props = (error: Error) => ({ error, reset: () => {}, info: { componentStack: '' } });

describe('<RouteErrorPanel>', () => {
  it('a failed chunk: message, the ChunkLoadError text and a reload button', () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    render(<RouteErrorPanel {...props(new ChunkLoadError('referensi-dudi', 'missing'))} />);
    const panel = screen.getByTestId('chunk-error');
    expect(panel.textContent).toContain('Loading chunk referensi-dudi failed.');
    expect(panel.textContent).toContain('Part of the application could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: /Muat Ulang/ }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a time-out says so', () => {
    render(<RouteErrorPanel {...props(new ChunkLoadError('x', 'timeout'))} />);
    expect(screen.getByTestId('chunk-error').textContent).toContain('within 2 minutes');
  });

  it('a request failure shows its message, other errors a generic one', () => {
    render(<RouteErrorPanel {...props(new HttpError('network', 'Network Error'))} />);
    expect(screen.getByTestId('route-error').textContent).toContain('Network Error');
  });
});
