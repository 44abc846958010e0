import { beforeEach, describe, expect, it } from 'vitest';
import { httpErrorText, toHttpError } from './http-errors';
import { serverText, setLocale } from './i18n';
import {
  clearToasts,
  dismissToast,
  dragDismisses,
  getToasts,
  showToast,
  TOAST_DEFAULT,
  TOAST_LONG,
  toast,
  visibleToasts,
} from './toast';

describe('toast configurations (spec §9)', () => {
  it('default: 3000 ms, bottom right, 4 at once, newest first, no close button/icon/progress, no close on click', () => {
    expect(TOAST_DEFAULT).toEqual({
      timeout: 3000,
      position: 'bottom-right',
      maxToasts: 4,
      newestOnTop: true,
      closeButton: false,
      icon: false,
      hideProgressBar: true,
      closeOnClick: false,
      pauseOnHover: true,
      draggable: true,
      draggablePercent: 0.6,
    });
  });

  it('long messages: 5000 ms, top right, 20 at once, dismissed by dragging 60% of the width', () => {
    expect(TOAST_LONG).toMatchObject({
      timeout: 5000,
      position: 'top-right',
      maxToasts: 20,
      draggable: true,
      draggablePercent: 0.6,
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TOAST_DEFAULT)).toBe(true);
    expect(Object.isFrozen(TOAST_LONG)).toBe(true);
  });
});

describe('toast queue', () => {
  beforeEach(() => clearToasts());

  it('shows at most 4 default toasts, newest first; the rest wait their turn', () => {
    const ids = [1, 2, 3, 4, 5, 6].map((n) => showToast({ title: `t${n}` }));
    expect(visibleToasts(getToasts(), 'default').map((t) => t.title)).toEqual(['t4', 't3', 't2', 't1']);
    dismissToast(ids[0] as number);
    expect(visibleToasts(getToasts(), 'default').map((t) => t.title)).toEqual(['t5', 't4', 't3', 't2']);
  });

  it('keeps the two styles apart, 20 long toasts at once', () => {
    for (let n = 1; n <= 25; n++) showToast({ title: `l${n}`, style: 'long' });
    showToast({ title: 'd1' });
    expect(visibleToasts(getToasts(), 'long')).toHaveLength(20);
    expect(visibleToasts(getToasts(), 'long')[0]?.title).toBe('l20');
    expect(visibleToasts(getToasts(), 'default').map((t) => t.title)).toEqual(['d1']);
  });

  it('takes the timeout of its style unless given', () => {
    showToast({ title: 'a' });
    showToast({ title: 'b', style: 'long' });
    showToast({ title: 'c', timeout: 0 });
    expect(getToasts().map((t) => t.timeout)).toEqual([3000, 5000, 0]);
  });
});

describe('drag to dismiss', () => {
  it('needs 60% of the width, either direction', () => {
    expect(dragDismisses(179, 300, TOAST_LONG)).toBe(false);
    expect(dragDismisses(180, 300, TOAST_LONG)).toBe(true);
    expect(dragDismisses(-200, 300, TOAST_LONG)).toBe(true);
    expect(dragDismisses(500, 0, TOAST_LONG)).toBe(false);
    expect(dragDismisses(300, 300, { draggable: false, draggablePercent: 0.6 })).toBe(false);
  });
});

describe('a toast is in one language (decision 020)', () => {
  beforeEach(() => clearToasts());
  const saved = serverText('Nilai Sumatif Akhir Semester berhasil disimpan');
  const refused = toHttpError({
    response: { status: 409, data: { statusCode: 409, code: 'LOCKED', message: 'Nilai sudah dikunci' } },
  });

  it('English interface: the server message stands alone, without the English title', async () => {
    await setLocale('en', false);
    toast.success('Grades', saved);
    toast.error(
      'Could not reset',
      httpErrorText(refused, (k) => k),
    );
    toast.success(serverText('Data GTK berhasil disimpan'), '3 rows saved');
    expect(getToasts().map(({ title, text }) => ({ title, text }))).toEqual([
      { title: 'Nilai Sumatif Akhir Semester berhasil disimpan', text: undefined },
      { title: 'Nilai sudah dikunci', text: undefined },
      { title: 'Data GTK berhasil disimpan', text: undefined },
    ]);
  });

  it('Indonesian interface: title and server message together', async () => {
    await setLocale('id', false);
    toast.success('Nilai', saved);
    expect(getToasts()[0]).toMatchObject({
      title: 'Nilai',
      text: 'Nilai Sumatif Akhir Semester berhasil disimpan',
    });
    await setLocale('en', false);
  });

  it('interface text alone, and request failures the client words (network), keep their title', async () => {
    await setLocale('en', false);
    toast.error(
      'Could not save',
      httpErrorText({ code: 'ERR_NETWORK', message: 'Network Error' }, (k) => k),
    );
    expect(getToasts()[0]).toMatchObject({ title: 'Could not save', text: 'errors.network' });
  });
});
