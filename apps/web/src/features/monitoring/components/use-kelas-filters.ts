import type { MonitoringKelasOpsi } from '@erapor/contract/monitoring/filters';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { optionValues, useKnownChoice } from '../../../components/known-choice';
import { useView } from '../../../lib/view-search';
import { PROGRESS_STATUS_ORDER } from './status-badge';

/**
 * The class filters of a monitoring screen (Tingkat, Program, Rombel narrowed by both, Guru,
 * Status) read from the URL: the Rombel options, whether every value in the link is known (a stale
 * one is cleared first), and the filters as the API names them.
 */
export function useKelasFilters(opsi: MonitoringKelasOpsi | undefined) {
  const [view, setView] = useView();
  const rombelOptions = (opsi?.rombel ?? []).filter(
    (r) =>
      (!view.tingkat || String(r.tingkat) === view.tingkat) &&
      (!view.jurusan || r.jurusan_sp_id === view.jurusan),
  );
  const tingkatOk = useKnownChoice('tingkat', view.tingkat, TINGKAT.map(String), setView);
  const jurusanOk = useKnownChoice('jurusan', view.jurusan, optionValues(opsi?.jurusan), setView);
  const rombelOk = useKnownChoice(
    'rombel',
    view.rombel,
    opsi ? rombelOptions.map((r) => r.value) : undefined,
    setView,
  );
  const guruOk = useKnownChoice('guru', view.guru, optionValues(opsi?.guru), setView);
  const statusOk = useKnownChoice('status', view.status, [...PROGRESS_STATUS_ORDER], setView);
  const params = {
    tingkat: view.tingkat,
    jurusan_sp_id: view.jurusan,
    rombongan_belajar_id: view.rombel,
    guru_id: view.guru,
    status: view.status,
  };
  return {
    view,
    setView,
    rombelOptions,
    ready: tingkatOk && jurusanOk && rombelOk && guruOk && statusOk,
    params,
  };
}
