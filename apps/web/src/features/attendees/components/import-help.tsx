import type { TFormQuestion } from '@clubtix/contract';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import { CHOICE_SEPARATOR, importHeader, templateCsv, templateFilename } from '../import-template';

/** The header the file must have, in the event's own question labels, and a template to start from. */
export function ImportHelp({ slug, questions }: { slug: string; questions: readonly TFormQuestion[] }) {
  const header = importHeader(questions);
  const choices = questions.filter((question) => question.type >= 2);
  const checkbox = questions.find((question) => question.type === 3);
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
      {choices.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="import-choice-help">
          Write choices as the form offers them.
          {checkbox ? (
            <>
              {' '}
              Several answers to a checkbox question share one cell, separated by a semicolon or a comma
              {checkbox.options.length > 1 ? (
                <>
                  {' '}
                  (for example <Code>{checkbox.options.slice(0, 2).join(CHOICE_SEPARATOR)}</Code>)
                </>
              ) : null}
              .
            </>
          ) : null}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        The template’s second row is an example of how to fill it in: replace it with your attendees (a file that still
        holds it is refused).
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
