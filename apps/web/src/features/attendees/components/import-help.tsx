import type { TFormQuestion } from '@clubtix/contract';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file';
import { CHOICE_SEPARATOR, importHeader, templateCsv, templateFilename } from '../import-template';

/** The header the file must have, in the event's own question labels, and a template to start from. */
export function ImportHelp({ slug, questions }: { slug: string; questions: readonly TFormQuestion[] }) {
  const { t } = useTranslation('attendees');
  const header = importHeader(questions);
  const choices = questions.filter((question) => question.type >= 2);
  const checkbox = questions.find((question) => question.type === 3);
  return (
    <Stack gap="xs">
      <Text size="sm">{questions.length > 0 ? t('importHelp.columnsWithQuestions') : t('importHelp.columns')}</Text>
      <Group gap={6} component="ol" aria-label={t('importHelp.expected')} m={0} p={0} style={{ listStyle: 'none' }}>
        {header.map((column, index) => (
          <li key={`${index}:${column}`}>
            <Code>{column}</Code>
          </li>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {t('importHelp.rows')}
      </Text>
      {choices.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="import-choice-help">
          {t('importHelp.choices')}
          {checkbox ? (
            <>
              {' '}
              {t('importHelp.checkbox')}
              {checkbox.options.length > 1 ? (
                <>
                  {' '}
                  ({t('importHelp.forExample')} <Code>{checkbox.options.slice(0, 2).join(CHOICE_SEPARATOR)}</Code>)
                </>
              ) : null}
              .
            </>
          ) : null}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('importHelp.example')}
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            saveFile(new Blob([templateCsv(questions)], { type: 'text/csv;charset=utf-8' }), templateFilename(slug))
          }
        >
          {t('importHelp.download')}
        </Button>
      </Group>
    </Stack>
  );
}
