import type { PklGenerated } from '@erapor/contract/pkl/penilaian';
import { Alert, Button, List, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BERANDA_GURU_KEY, BERANDA_WALI_KEY, generateNilaiPkl } from '../../lib/beranda-penilaian-api';
import { httpErrorMessage } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * The PKL subject's part of the Beranda "Detil" (issue #12 item 5, decision 034): the rule of its
 * nilai akhir and, for its Pembimbing PKL, "Generate Nilai" — every pupil of the class recomputed
 * from the PKL scores; the pupils left without a grade are listed.
 */
export function PklGenerate({
  pembelajaranId,
  canGenerate,
}: {
  pembelajaranId: string;
  canGenerate: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [result, setResult] = useState<PklGenerated | null>(null);
  const generate = useMutation({
    mutationFn: () => generateNilaiPkl(pembelajaranId),
    onSuccess: (r) => {
      setResult(r);
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: [...BERANDA_GURU_KEY, 'detail', pembelajaranId] });
      void qc.invalidateQueries({ queryKey: BERANDA_WALI_KEY });
    },
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  return (
    <Alert color="blue" mb="md" data-testid="pkl-generate">
      <Text size="sm">{t('beranda.detail.pkl.explain')}</Text>
      {canGenerate ? (
        <Button mt="sm" size="xs" loading={generate.isPending} onClick={() => generate.mutate()}>
          {t('beranda.detail.pkl.generate')}
        </Button>
      ) : null}
      {result && result.tanpa_nilai.length > 0 ? (
        <>
          <Text size="sm" mt="sm" fw={600}>
            {t('beranda.detail.pkl.tanpaNilai', { count: result.tanpa_nilai.length })}
          </Text>
          <List size="sm" data-testid="pkl-tanpa-nilai">
            {result.tanpa_nilai.map((m) => (
              <List.Item key={m.anggota_rombel_id}>{m.nama}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
