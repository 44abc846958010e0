import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GateAlert, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { HttpError } from '../../../lib/http-errors';
import { loadAreaMessages } from '../../../lib/i18n';
import { useClassSave, useSaveRefusal } from './save-refusal';

beforeAll(async () => {
  await loadAreaMessages('wali-kelas');
});

const SENT = [{ anggota_rombel_id: 'a' }, { anggota_rombel_id: 'b' }];
const NAMES = new Map([
  ['a', 'Ani'],
  ['b', 'Budi'],
]);

/** A screen's use of the refusal: the hook's actions on buttons, the alert below. */
function Harness(props: { error: unknown; onReload: () => void }) {
  const { refusal, refuse, hold, clear } = useSaveRefusal();
  return (
    <MantineProvider env="test">
      <button type="button" onClick={() => refuse(props.error, SENT, NAMES)}>
        refuse
      </button>
      <button type="button" onClick={() => hold('Perbaiki dulu', ['Ani: terlalu panjang'])}>
        hold
      </button>
      <button type="button" onClick={clear}>
        clear
      </button>
      <SaveRefusal refusal={refusal} title="Belum tersimpan" onReload={props.onReload} testId="x-refused" />
    </MantineProvider>
  );
}

const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

describe('useSaveRefusal + <SaveRefusal>', () => {
  it('a 409 names the pupils of the sent rows and offers to reload', () => {
    const onReload = vi.fn();
    const error = new HttpError('api', 'Data telah diubah oleh pengguna lain', {
      status: 409,
      details: { 'rows.1.sakit': 'Nilai berubah', other: 'Tanpa baris' },
    });
    render(<Harness error={error} onReload={onReload} />);
    expect(screen.queryByTestId('x-refused')).toBeNull();
    click('refuse');
    const alert = screen.getByTestId('x-refused');
    expect(alert.textContent).toContain('Belum tersimpan');
    expect(alert.textContent).toContain('Data telah diubah oleh pengguna lain');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Budi: Nilai berubah',
      'Tanpa baris',
    ]);
    click('Reload data');
    expect(onReload).toHaveBeenCalledTimes(1);
    click('clear');
    expect(screen.queryByTestId('x-refused')).toBeNull();
  });

  it('a 423 (gate) shows its message without a reload button', () => {
    const error = new HttpError('api', 'Penilaian ditutup', { status: 423 });
    render(<Harness error={error} onReload={() => {}} />);
    click('refuse');
    expect(screen.getByTestId('x-refused').textContent).toContain('Penilaian ditutup');
    expect(screen.queryByRole('button', { name: 'Reload data' })).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it("the screen's own check holds the save with its lines, not stale", () => {
    render(<Harness error={null} onReload={() => {}} />);
    click('hold');
    expect(screen.getByTestId('x-refused').textContent).toContain('Perbaiki dulu');
    expect(screen.getByRole('listitem').textContent).toBe('Ani: terlalu panjang');
    expect(screen.queryByRole('button', { name: 'Reload data' })).toBeNull();
  });
});

describe('<GateAlert>', () => {
  it('shows the reason only when saving is closed', () => {
    const { rerender } = render(
      <MantineProvider env="test">
        <GateAlert closed={null} testId="x-gate" />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('x-gate')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <GateAlert closed="Kelas sudah dikunci" testId="x-gate" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('x-gate').textContent).toBe('Kelas sudah dikunci');
  });
});

describe('<SaveBar>', () => {
  const bar = (props: { dirty: boolean; closed: boolean }, onUndo = vi.fn(), onSave = vi.fn()) =>
    render(
      <MantineProvider env="test">
        <SaveBar {...props} saving={false} onUndo={onUndo} onSave={onSave} testId="x" />
      </MantineProvider>,
    );

  it('nothing changed: no undo, Save idle', () => {
    bar({ dirty: false, closed: false });
    expect(screen.queryByTestId('x-undo')).toBeNull();
    expect(screen.getByTestId('x-save').hasAttribute('disabled')).toBe(true);
  });

  it('changed: undo and Save act', () => {
    const onUndo = vi.fn();
    const onSave = vi.fn();
    bar({ dirty: true, closed: false }, onUndo, onSave);
    fireEvent.click(screen.getByTestId('x-undo'));
    fireEvent.click(screen.getByTestId('x-save'));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('changed but the gate is closed: Save stays disabled, undo still offered', () => {
    bar({ dirty: true, closed: true });
    expect(screen.getByTestId('x-save').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('x-undo')).toBeTruthy();
  });
});

/** A screen's class save: one button sending two rows for class "r1". */
function SaveHarness(props: { send: (body: unknown) => Promise<unknown> }) {
  const { save, refusal } = useClassSave<{ anggota_rombel_id: string }>({
    rombelId: 'r1',
    send: props.send,
    queryKey: ['wali-kelas', 'x'],
    saved: 'Tersimpan',
    names: NAMES,
  });
  return (
    <MantineProvider env="test">
      <button type="button" onClick={() => save.mutate(SENT)}>
        simpan
      </button>
      <SaveRefusal refusal={refusal} title="Belum tersimpan" onReload={() => {}} testId="x-refused" />
    </MantineProvider>
  );
}

describe('useClassSave', () => {
  const withClient = (node: ReactNode) => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
    return invalidated;
  };

  it('sends the rows for the class in one body and reloads the class data when saved', async () => {
    const send = vi.fn(async () => ({ saved: 2 }));
    const invalidated = withClient(<SaveHarness send={send} />);
    click('simpan');
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['wali-kelas', 'x'] }));
    expect(send).toHaveBeenCalledWith({ rombongan_belajar_id: 'r1', rows: SENT });
    expect(screen.queryByTestId('x-refused')).toBeNull();
  });

  it('a refused save is kept on screen naming the pupils, nothing reloaded', async () => {
    const send = vi.fn(async () => {
      throw new HttpError('api', 'Nilai tidak valid', {
        status: 422,
        details: { 'rows.0.uraian': 'Terlalu panjang' },
      });
    });
    const invalidated = withClient(<SaveHarness send={send} />);
    click('simpan');
    expect(await screen.findByTestId('x-refused')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Ani: Terlalu panjang');
    expect(invalidated).not.toHaveBeenCalled();
  });
});
