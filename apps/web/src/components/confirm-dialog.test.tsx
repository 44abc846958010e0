import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { ConfirmDialog, type ConfirmState } from './confirm-dialog';
import { Z } from './z-index';

const wrap = (ui: ReactNode) => <MantineProvider env="test">{ui}</MantineProvider>;
const yes = () => screen.getByTestId('confirm-yes') as HTMLButtonElement;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('<ConfirmDialog>', () => {
  it('is closed without a question', () => {
    render(wrap(<ConfirmDialog state={null} onCancel={() => {}} />));
    render(wrap(<ConfirmDialog text={null} onConfirm={() => {}} onCancel={() => {}} />));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('confirm-text')).toBeNull();
  });

  it('opens with the title and the text above the layout; Yes calls the action', () => {
    const onYes = vi.fn();
    const onCancel = vi.fn();
    const state: ConfirmState = { text: 'Data ini akan dihapus', onYes };
    render(wrap(<ConfirmDialog state={state} onCancel={onCancel} />));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(screen.getByTestId('confirm-dialog').contains(dialog)).toBe(true);
    expect(screen.getByTestId('confirm-text').textContent).toBe('Data ini akan dihapus');
    expect(screen.getByTestId('confirm-dialog').style.getPropertyValue('--mb-z-index')).toBe(
      String(Z.confirm),
    );
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm sure!" }));
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('takes the text and the action apart too; `opened` wins over the text', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      wrap(<ConfirmDialog opened={false} text="Hapus?" onConfirm={onConfirm} onCancel={() => {}} />),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(wrap(<ConfirmDialog opened text="Hapus?" onConfirm={onConfirm} onCancel={() => {}} />));
    expect(screen.getByTestId('confirm-text').textContent).toBe('Hapus?');
    fireEvent.click(yes());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancel and Escape call onCancel, not the action', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(wrap(<ConfirmDialog text="Reset?" onConfirm={onConfirm} onCancel={onCancel} />));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('busy: Yes shows a loader and cannot be clicked again', () => {
    const onConfirm = vi.fn();
    render(wrap(<ConfirmDialog text="Hapus?" busy onConfirm={onConfirm} onCancel={() => {}} />));
    expect(yes().disabled).toBe(true);
    expect(yes().dataset.loading).toBe('true');
    fireEvent.click(yes());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('speaks every language from the common keys (Indonesian: the reference wording)', async () => {
    render(wrap(<ConfirmDialog text="Hapus?" onConfirm={() => {}} onCancel={() => {}} />));
    await act(() => i18n.changeLanguage('id'));
    expect(screen.getByRole('dialog', { name: 'Apakah Anda yakin?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yakin!' })).toBe(yes());
    expect(screen.getByRole('button', { name: 'Batal' })).toBeTruthy();
  });
});
