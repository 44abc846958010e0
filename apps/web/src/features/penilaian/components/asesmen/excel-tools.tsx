import { JENIS_LABEL, type JenisTemplate, type UploadResult } from '@erapor/contract/penilaian/asesmen';
import { Alert, Button, FileButton, Group, List } from '@mantine/core';
import { useRef, useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { downloadTemplate, uploadTemplate } from '../../api/asesmen-api';

/**
 * "Unduh Template …" and the upload that fills the grid for review (reference-screens §7.1, §7.3):
 * the server checks the file is our template of this class and subject; nothing is saved until
 * the teacher presses Simpan.
 */
export function ExcelTools({
  pembelajaranId,
  jenis,
  onUploaded,
}: {
  pembelajaranId: string;
  jenis: JenisTemplate;
  onUploaded: (result: UploadResult) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'download' | 'upload' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The problems the server listed for a refused file (rows, cells), in its order. */
  const [problems, setProblems] = useState<string[]>([]);
  // Cleared after every upload, so choosing the same (now fixed) file again uploads it again.
  const resetFile = useRef<() => void>(null);

  const download = async () => {
    setBusy('download');
    setError(null);
    try {
      await downloadTemplate(pembelajaranId, jenis);
    } catch (e) {
      setError(httpErrorMessage(e, t));
    } finally {
      setBusy(null);
    }
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy('upload');
    setError(null);
    setProblems([]);
    try {
      onUploaded(await uploadTemplate(pembelajaranId, jenis, file));
    } catch (e) {
      const err = toHttpError(e);
      setError(err.details.file_excel ?? httpErrorMessage(e, t));
      setProblems(
        Object.keys(err.details)
          .filter((k) => /^file_excel\.\d+$/.test(k))
          .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
          .map((k) => err.details[k] as string),
      );
    } finally {
      setBusy(null);
      resetFile.current?.();
    }
  };

  return (
    <>
      <Group gap="sm">
        <Button
          variant="light"
          color="teal"
          onClick={() => void download()}
          loading={busy === 'download'}
          data-testid="asesmen-template"
        >
          {t('penilaian.asesmen.excel.download', { jenis: JENIS_LABEL[jenis] })}
        </Button>
        <FileButton
          onChange={(f) => void upload(f)}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          resetRef={resetFile}
        >
          {(props) => (
            <Button {...props} variant="light" loading={busy === 'upload'} data-testid="asesmen-upload">
              {t('penilaian.asesmen.excel.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error ? (
        <Alert
          color="red"
          withCloseButton
          onClose={() => {
            setError(null);
            setProblems([]);
          }}
          data-testid="asesmen-upload-error"
        >
          {error}
          {problems.length > 0 ? (
            <List size="sm" mt="xs" data-testid="asesmen-upload-problems">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
