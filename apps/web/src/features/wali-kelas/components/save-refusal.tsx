import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { rowProblems } from '../../../components/grade-grid/row-problems';
import type { Refusal } from '../../../components/grade-grid/save-feedback';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/**
 * The refusal state every homeroom save screen keeps: `refuse` for the server's answer (409 stale,
 * 423 gate, 422/400 with field details naming the sent rows), `hold` for the screen's own check
 * before sending, `clear` when new data arrives or a save is sent. The typing stays on screen.
 */
export function useSaveRefusal() {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refuse = useCallback(
    (error: unknown, sent: readonly { anggota_rombel_id: string }[], names: ReadonlyMap<string, string>) => {
      const err = toHttpError(error);
      const message = httpErrorMessage(error, t);
      setRefusal({ message, problems: rowProblems(err.details, sent, names), stale: err.status === 409 });
      toast.error(message);
    },
    [t],
  );
  // Shown above the table rather than as a toast, which would sit on the Simpan button pressed next.
  const hold = useCallback((message: string, problems: string[] = []) => {
    setRefusal({ message, problems, stale: false });
  }, []);
  const clear = useCallback(() => setRefusal(null), []);
  return { refusal, refuse, hold, clear };
}

/**
 * The class's one save request (`{ rombongan_belajar_id, rows }`): on success the `saved` toast and
 * a reload of `queryKey`; refused, the refusal kept above the table (`useSaveRefusal`).
 */
export function useClassSave<R extends { anggota_rombel_id: string }>(opts: {
  rombelId: string | undefined;
  send: (body: { rombongan_belajar_id: string; rows: R[] }) => Promise<unknown>;
  queryKey: readonly unknown[];
  saved: string;
  names: ReadonlyMap<string, string>;
}) {
  const qc = useQueryClient();
  const { refusal, refuse, hold, clear } = useSaveRefusal();
  const save = useMutation({
    mutationFn: (rows: R[]) => opts.send({ rombongan_belajar_id: opts.rombelId ?? '', rows }),
    onSuccess: () => {
      toast.success(opts.saved);
      void qc.invalidateQueries({ queryKey: opts.queryKey });
    },
    onError: (e, rows) => refuse(e, rows, opts.names),
  });
  return { save, refusal, hold, clear };
}
