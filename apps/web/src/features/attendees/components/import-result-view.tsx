import { Alert, Anchor, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportSummary } from '../import-result';

const COLORS: Record<ImportSummary['tone'], string> = { success: 'green', ready: 'blue', error: 'red' };

/** What the import did (or, for a check, would do): how many, or every row to fix. */
export function ImportResultView({ summary, eventId }: { summary: ImportSummary; eventId: string }) {
  const { t } = useTranslation('attendees');
  return (
    <Alert
      color={COLORS[summary.tone]}
      // Shade 9 for the title: the light variant's own shade on its tint is below 4.5:1.
      styles={{ title: { color: `var(--mantine-color-${COLORS[summary.tone]}-9)` } }}
      title={summary.title}
      role={summary.tone === 'error' ? 'alert' : 'status'}
      data-testid="import-result"
    >
      <Stack gap="sm">
        {summary.detail ? <Text size="sm">{summary.detail}</Text> : null}
        {summary.rows.length > 0 ? (
          <ScrollArea.Autosize mah={400} type="auto">
            <Table striped withTableBorder aria-label={t('importResult.rowsLabel')} bg="white">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={72}>{t('importResult.row')}</Table.Th>
                  <Table.Th>{t('importResult.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.rows.map((row, index) => (
                  <Table.Tr key={`${row.row}:${index}`} data-testid="import-error">
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{row.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        ) : null}
        {summary.tone === 'success' ? (
          <Anchor component={Link} to={`/event/${encodeURIComponent(eventId)}/attendees`} size="sm">
            {t('importResult.see')}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
