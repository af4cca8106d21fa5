import type { TFormQuestion } from '@clubtix/contract';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import { importHeader, templateCsv, templateFilename } from '../import-template';

/** The header the file must have, in the event's own question labels, and a template to start from. */
export function ImportHelp({ slug, questions }: { slug: string; questions: readonly TFormQuestion[] }) {
  const header = importHeader(questions);
  return (
    <Stack gap="xs">
      <Text size="sm">
        The first row of the file names the columns, in this order: firstName, lastName, email
        {questions.length > 0 ? ', then one column per question of the event’s form' : ''}.
      </Text>
      <Group gap={6} component="ol" aria-label="Expected columns" m={0} p={0} style={{ listStyle: 'none' }}>
        {header.map((column, index) => (
          <li key={`${index}:${column}`}>
            <Code>{column}</Code>
          </li>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Then one row per attendee. A file with any bad row imports nothing and lists every bad row; rows imported before
        (same e-mail and names) are skipped.
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            saveFile(new Blob([templateCsv(questions)], { type: 'text/csv;charset=utf-8' }), templateFilename(slug))
          }
        >
          Download template
        </Button>
      </Group>
    </Stack>
  );
}
