import { type Tautan, tautanListSchema } from '@erapor/contract/unduhan/katalog';
import { faTrash } from '@fortawesome/free-solid-svg-icons';
import { ActionIcon, Anchor, Button, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { Icon } from '../../../components/icon';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { hasRole } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { getTautan, saveTautan, UNDUHAN_KEY } from '../api/unduhan-api';

const KEY = [...UNDUHAN_KEY, 'tautan'] as const;

/** Dokumen Referensi: the school's list of external links, grouped by section; the admin edits it. */
export function TautanSection() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const list = useQuery({ queryKey: KEY, queryFn: getTautan });
  if (list.isError) return <ErrorAlert title={t('unduhan.tautan.gagal')} error={list.error} />;
  const data = list.data?.data ?? [];
  const groups = [...new Set(data.map((l) => l.bagian))];
  return (
    <Stack gap="sm" data-testid="unduhan-tautan">
      {hasRole('admin') ? (
        <Group justify="flex-end">
          <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="tautan-ubah">
            {t('unduhan.tautan.ubah')}
          </Button>
        </Group>
      ) : null}
      {list.isSuccess && data.length === 0 ? <Text c="dimmed">{t('unduhan.tautan.kosong')}</Text> : null}
      {groups.map((bagian) => (
        <Stack key={bagian} gap={4}>
          <Title order={4} fz="md">
            {bagian}
          </Title>
          <List>
            {data
              .filter((l) => l.bagian === bagian)
              .map((l) => (
                <List.Item key={`${l.judul}|${l.url}`}>
                  <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
                    {l.judul}
                  </Anchor>
                </List.Item>
              ))}
          </List>
        </Stack>
      ))}
      {editing && list.data ? (
        <TautanEditor initial={list.data.data} onClose={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}

const BLANK: Tautan = { bagian: '', judul: '', url: '' };

/**
 * The whole list in one form (a handful of rows): messages per field before sending (the
 * contract's schema) and after (the server's details); what was typed stays until saved.
 */
function TautanEditor({ initial, onClose }: { initial: readonly Tautan[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [rows, setRows] = useState<Tautan[]>(() => initial.map((r) => ({ ...r })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveTautan,
    onSuccess: (res) => {
      client.setQueryData(KEY, { data: res.data });
      toast.success(serverText(res.message));
      onClose();
    },
    onError: (e) => {
      const details = toHttpError(e).details;
      if (Object.keys(details).length > 0) setErrors(details);
      else toast.error(httpErrorMessage(e, t));
    },
  });
  const submit = () => {
    const body = { data: rows };
    const parsed = tautanListSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const change = (i: number, field: keyof Tautan, value: string) =>
    setRows((prev) => prev.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  return (
    <Modal opened onClose={onClose} title={t('unduhan.tautan.ubah')} size="xl">
      <Stack gap="sm">
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their place is their identity while editing
          <Group key={i} align="flex-start" wrap="nowrap" data-testid="tautan-row">
            <TextInput
              label={t('unduhan.tautan.bagian')}
              value={row.bagian}
              onChange={(e) => change(i, 'bagian', e.currentTarget.value)}
              error={errors[`data.${i}.bagian`]}
              w={160}
            />
            <TextInput
              label={t('unduhan.tautan.judul')}
              value={row.judul}
              onChange={(e) => change(i, 'judul', e.currentTarget.value)}
              error={errors[`data.${i}.judul`]}
              style={{ flex: 1 }}
            />
            <TextInput
              label={t('unduhan.tautan.url')}
              value={row.url}
              onChange={(e) => change(i, 'url', e.currentTarget.value)}
              error={errors[`data.${i}.url`]}
              style={{ flex: 1 }}
            />
            <ActionIcon
              mt={26}
              color="red"
              variant="subtle"
              aria-label={t('unduhan.tautan.hapus')}
              onClick={() => setRows((prev) => prev.filter((_, j) => j !== i))}
            >
              <Icon icon={faTrash} />
            </ActionIcon>
          </Group>
        ))}
        {errors.data ? <Text c="red">{errors.data}</Text> : null}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => setRows((prev) => [...prev, { ...BLANK }])}
            data-testid="tautan-tambah"
          >
            {t('unduhan.tautan.tambah')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="tautan-simpan">
            {t('unduhan.tautan.simpan')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
