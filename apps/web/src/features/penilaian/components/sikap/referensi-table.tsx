import type { SikapReferensi } from '@erapor/contract/penilaian/sikap';
import { List, ScrollArea, Table, Text } from '@mantine/core';
import { SCROLL_X_AREA } from '../../../../components/scroll-x';
import { useTranslation } from '../../../../lib/i18n';

/**
 * The top reference table of the form (reference-screens §7.6): one column per Profil Pelajar
 * Pancasila dimension, listing its elements, so the teacher sees the whole scale at a glance.
 */
export function ReferensiTable({ referensi }: { referensi: SikapReferensi | undefined }) {
  const { t } = useTranslation();
  const dimensi = referensi?.dimensi ?? [];
  return (
    <ScrollArea {...SCROLL_X_AREA} data-testid="sikap-referensi">
      <Table withTableBorder withColumnBorders verticalSpacing="xs" miw={dimensi.length * 170}>
        <Table.Caption>{t('penilaian.sikap.referensiCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {dimensi.map((d) => (
              <Table.Th key={d.dimensi_id} w={`${100 / Math.max(dimensi.length, 1)}%`}>
                {d.nama}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {dimensi.map((d) => (
              <Table.Td key={d.dimensi_id} valign="top">
                {d.elemen.length ? (
                  <List size="sm" spacing={2}>
                    {d.elemen.map((e) => (
                      <List.Item key={e.elemen_id}>{e.nama}</List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm" c="dimmed">
                    -
                  </Text>
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
