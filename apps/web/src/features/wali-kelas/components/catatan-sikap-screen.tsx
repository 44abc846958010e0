import { Badge, Card, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { GateAlert, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import { useTranslation } from '../../../lib/i18n';
import { CATATAN_SIKAP_KEY, getCatatanSikap, saveCatatanSikap } from '../api/catatan-api';
import {
  changedKeys,
  counterOf,
  sikapKey,
  splitSikapKey,
  type TextDraft,
  tooLong,
  tooLongKeys,
} from './catatan-draft';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';
import { useClassSave } from './save-refusal';

const EMPTY: TextDraft = {};

/**
 * Catatan Sikap (issue #11 item 2; decision 028): per pupil the teachers' attitude notes, read-only,
 * for every class; a K13 class adds "Catatan Sikap Wali Kelas", a text per dimension, saved for the
 * class in one request ("Catatan Sikap berhasil disimpan").
 */
export function CatatanSikapScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TextDraft>(EMPTY);

  const { query, data, kelasGone, header } = useKelasQuery(CATATAN_SIKAP_KEY, getCatatanSikap);
  const loaded = useMemo<TextDraft>(() => {
    if (!data?.k13) return EMPTY;
    const out: Record<string, string> = {};
    for (const r of data.data)
      for (const d of data.dimensi)
        out[sikapKey(r.anggota_rombel_id, d.dimensi_id)] = r.catatan_wali[String(d.dimensi_id)] ?? '';
    return out;
  }, [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);
  const { save, refusal, hold, clear } = useClassSave({
    rombelId: data?.rombel.rombongan_belajar_id,
    send: saveCatatanSikap,
    queryKey: CATATAN_SIKAP_KEY,
    saved: t('wali-kelas.sikap.saved'),
    names,
  });
  useEffect(() => {
    setDraft(loaded);
    clear();
  }, [loaded, clear]);

  const changed = changedKeys(draft, loaded);
  const dirty = changed.length > 0;
  const guard = useUnsavedGuard(dirty);
  const closed = data?.penilaian_tertutup ?? null;

  const submit = () => {
    const bad = tooLongKeys(draft);
    if (bad.length > 0) {
      hold(
        t('wali-kelas.catatan.fixTexts'),
        bad.map(
          (k) => `${names.get(splitSikapKey(k).anggotaRombelId) ?? ''}: ${t('wali-kelas.catatan.tooLong')}`,
        ),
      );
      return;
    }
    clear();
    save.mutate(
      changed.map((k) => {
        const { anggotaRombelId, dimensiId } = splitSikapKey(k);
        return {
          anggota_rombel_id: anggotaRombelId,
          dimensi_id: dimensiId,
          catatan: draft[k] ?? '',
          sebelumnya: loaded[k] ?? '',
        };
      }),
    );
  };

  const readOnly = !!closed || save.isPending;
  const opsiLabel = (opsi: string) =>
    opsi === 'Positif'
      ? t('wali-kelas.sikap.positif')
      : opsi === 'Negatif'
        ? t('wali-kelas.sikap.negatif')
        : opsi;
  return (
    <Stack gap="md">
      {guard.modal}
      <KelasHeader
        {...header}
        locked={dirty}
        hint={data?.k13 ? t('wali-kelas.sikap.hintK13') : t('wali-kelas.sikap.hint')}
        testId="sikap-kelas"
      />
      <KelasLoad query={query} kelasGone={kelasGone} title={t('wali-kelas.catatan.loadFailed')} />
      {data ? (
        <Stack gap="sm">
          <GateAlert closed={closed} testId="sikap-gate" />
          <SaveRefusal
            refusal={refusal}
            title={t('wali-kelas.catatan.problems')}
            onReload={() => void query.refetch()}
            testId="sikap-refused"
          />
          {data.data.length === 0 ? <Text c="dimmed">{t('wali-kelas.catatan.empty')}</Text> : null}
          {data.data.map((r, i) => (
            <Card key={r.anggota_rombel_id} withBorder radius="md" padding="md" data-testid="sikap-pupil">
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {i + 1}. {r.nama} {r.nisn ? `(${t('wali-kelas.catatan.nisn')} ${r.nisn})` : ''}
                </Title>
                {r.catatan_guru.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="sikap-none">
                    {t('wali-kelas.sikap.none')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={720}>
                    <Table withTableBorder verticalSpacing="xs" data-testid="sikap-notes">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('wali-kelas.sikap.guru')}</Table.Th>
                          <Table.Th>{t('wali-kelas.sikap.dimensi')}</Table.Th>
                          <Table.Th>{t('wali-kelas.sikap.elemen')}</Table.Th>
                          <Table.Th>{t('wali-kelas.sikap.catatan')}</Table.Th>
                          <Table.Th>{t('wali-kelas.sikap.opsi')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {r.catatan_guru.map((n, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: notes are listed in a stable order and never reordered
                          <Table.Tr key={j}>
                            <Table.Td>{n.guru ?? '-'}</Table.Td>
                            <Table.Td>{n.dimensi ?? '-'}</Table.Td>
                            <Table.Td>{n.elemen ?? '-'}</Table.Td>
                            <Table.Td>{n.deskripsi}</Table.Td>
                            <Table.Td>
                              <Badge color={n.opsi === 'Negatif' ? 'red' : 'green'} variant="light">
                                {opsiLabel(n.opsi)}
                              </Badge>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                {data.k13 ? (
                  <Stack gap={6}>
                    <Text fw={600} size="sm">
                      {t('wali-kelas.sikap.waliTitle')}
                    </Text>
                    {data.dimensi.map((d) => {
                      const key = sikapKey(r.anggota_rombel_id, d.dimensi_id);
                      const text = draft[key] ?? '';
                      return (
                        <Textarea
                          key={key}
                          label={d.nama}
                          aria-label={`${t('wali-kelas.sikap.waliTitle')} ${r.nama}: ${d.nama}`}
                          value={text}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setDraft((s) => ({ ...s, [key]: value }));
                          }}
                          autosize
                          minRows={1}
                          maxRows={6}
                          readOnly={readOnly}
                          error={tooLong(text) ? t('wali-kelas.catatan.tooLong') : undefined}
                          description={counterOf(text)}
                          inputWrapperOrder={['label', 'input', 'description', 'error']}
                        />
                      );
                    })}
                  </Stack>
                ) : null}
              </Stack>
            </Card>
          ))}
          {data.k13 ? (
            <SaveBar
              dirty={dirty}
              closed={!!closed}
              saving={save.isPending}
              onUndo={() => setDraft(loaded)}
              onSave={submit}
              testId="sikap"
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
