import type { CatatanEdit, JenisCatatan } from '@erapor/contract/wali-kelas/catatan';
import { DIMENSI_PROFIL_LULUSAN, draftKokurikuler } from '@erapor/contract/wali-kelas/kokurikuler';
import { Button, Card, Checkbox, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { GateAlert, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { catatanKey, getCatatan, saveCatatan } from '../api/catatan-api';
import { changedKeys, counterOf, type TextDraft, tooLong, tooLongKeys } from './catatan-draft';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';
import { useClassSave } from './save-refusal';

const EMPTY: TextDraft = {};

/** Kokurikuler's "Buat Draf" for one pupil: the eight Dimensi Profil Lulusan, drafting the sentence. */
function DraftChecklist(props: { nama: string; onApply: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>([]);
  const [empty, setEmpty] = useState(false);
  return (
    <Card withBorder padding="sm" radius="sm" data-testid="kokurikuler-draft">
      <Stack gap="xs">
        <Checkbox.Group
          label={t('wali-kelas.catatan.kokurikuler.draftTitle', { nama: props.nama })}
          value={ticked}
          onChange={(v) => {
            setTicked(v);
            setEmpty(false);
          }}
        >
          <Stack gap={4} mt={4}>
            {DIMENSI_PROFIL_LULUSAN.map((d) => (
              <Checkbox key={d.kode} value={d.kode} label={t(`wali-kelas.catatan.dimensi.${d.kode}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {empty ? (
          <Text size="sm" c="red">
            {t('wali-kelas.catatan.kokurikuler.nothingTicked')}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => {
              const text = draftKokurikuler(ticked);
              if (!text) setEmpty(true);
              else props.onApply(text);
            }}
            data-testid="kokurikuler-draft-apply"
          >
            {t('wali-kelas.catatan.kokurikuler.apply')}
          </Button>
          <Button size="xs" variant="default" onClick={props.onClose}>
            {t('wali-kelas.catatan.kokurikuler.close')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Catatan Wali Kelas and Kokurikuler (issue #11 item 2; decision 028): Nama | NISN | one text per
 * pupil, ≤ 1,000 characters with a counter, saved for the class in one request. Kokurikuler adds
 * "Buat Draf" per pupil. A refused save (409, 422, 423) keeps the typing on screen.
 */
export function CatatanScreen({ jenis }: { jenis: JenisCatatan }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TextDraft>(EMPTY);
  const [drafting, setDrafting] = useState<string | null>(null);
  const ns = jenis === 'kokurikuler' ? 'kokurikuler' : 'walas';

  const { query, data, kelasGone, header } = useKelasQuery(catatanKey(jenis), (kelas) =>
    getCatatan(jenis, kelas),
  );
  const loaded = useMemo<TextDraft>(
    () => Object.fromEntries((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.uraian])),
    [data],
  );
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);
  const { save, refusal, hold, clear } = useClassSave<CatatanEdit>({
    rombelId: data?.rombel.rombongan_belajar_id,
    send: (body) => saveCatatan(jenis, body),
    queryKey: catatanKey(jenis),
    saved: t('wali-kelas.catatan.saved'),
    names,
  });
  useEffect(() => {
    setDraft(loaded);
    clear();
    setDrafting(null);
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
        bad.map((id) => `${names.get(id) ?? id}: ${t('wali-kelas.catatan.tooLong')}`),
      );
      return;
    }
    if (!dirty) {
      toast.info(t('wali-kelas.catatan.nothingChanged'));
      return;
    }
    clear();
    save.mutate(
      changed.map((id) => ({ anggota_rombel_id: id, uraian: draft[id] ?? '', sebelumnya: loaded[id] ?? '' })),
    );
  };

  const readOnly = !!closed || save.isPending;
  const column = t(`wali-kelas.catatan.${ns}.column`);
  return (
    <Stack gap="md">
      {guard.modal}
      <KelasHeader
        {...header}
        locked={dirty}
        hint={dirty ? t('wali-kelas.catatan.dirtyHint') : t(`wali-kelas.catatan.${ns}.hint`)}
        testId="catatan-kelas"
      />
      <KelasLoad
        query={query}
        kelasGone={kelasGone}
        title={t('wali-kelas.catatan.loadFailed')}
        semesterTestId="catatan-semester"
      />
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="catatan-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('wali-kelas.catatan.problems')}
              onReload={() => void query.refetch()}
              testId="catatan-refused"
            />
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('wali-kelas.catatan.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table
                  verticalSpacing="sm"
                  data-testid="catatan-table"
                  aria-label={`${column} ${data.rombel.nama}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={48}>{t('wali-kelas.catatan.no')}</Table.Th>
                      <Table.Th w={240}>{t('wali-kelas.catatan.nama')}</Table.Th>
                      <Table.Th w={130}>{t('wali-kelas.catatan.nisn')}</Table.Th>
                      <Table.Th>{column}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.map((r, i) => {
                      const text = draft[r.anggota_rombel_id] ?? '';
                      const over = tooLong(text);
                      return (
                        <Table.Tr key={r.anggota_rombel_id} data-testid="catatan-row">
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td>{r.nama}</Table.Td>
                          <Table.Td>{r.nisn ?? '-'}</Table.Td>
                          <Table.Td>
                            <Stack gap={4}>
                              <Textarea
                                aria-label={`${column} ${r.nama}`}
                                value={text}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  setDraft((d) => ({ ...d, [r.anggota_rombel_id]: value }));
                                }}
                                autosize
                                minRows={2}
                                maxRows={8}
                                readOnly={readOnly}
                                error={over ? t('wali-kelas.catatan.tooLong') : undefined}
                                description={counterOf(text)}
                                inputWrapperOrder={['label', 'input', 'description', 'error']}
                              />
                              {jenis === 'kokurikuler' && !readOnly ? (
                                drafting === r.anggota_rombel_id ? (
                                  <DraftChecklist
                                    nama={r.nama}
                                    onApply={(value) => {
                                      setDraft((d) => ({ ...d, [r.anggota_rombel_id]: value }));
                                      setDrafting(null);
                                    }}
                                    onClose={() => setDrafting(null)}
                                  />
                                ) : (
                                  <Group>
                                    <Button
                                      size="xs"
                                      variant="light"
                                      onClick={() => setDrafting(r.anggota_rombel_id)}
                                      aria-label={`${t('wali-kelas.catatan.kokurikuler.draft')} ${r.nama}`}
                                    >
                                      {t('wali-kelas.catatan.kokurikuler.draft')}
                                    </Button>
                                  </Group>
                                )
                              ) : null}
                            </Stack>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <SaveBar
              dirty={dirty}
              closed={!!closed}
              saving={save.isPending}
              onUndo={() => setDraft(loaded)}
              onSave={submit}
              testId="catatan"
            />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
