import type { TEvent } from '@clubtix/contract';
import { Alert, Anchor, Button, Group, Loader, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useFormQuestions } from '../../forms/api';
import { useEventTickets } from '../../tickets/api';
import { useImportAttendees } from '../api';
import { summariseImport, summariseRefusal, type ImportMode, type ImportSummary } from '../import-result';
import { ImportFileField } from './import-file-field';
import { ImportHelp } from './import-help';
import { ImportResultView } from './import-result-view';

export const fileChangedMessage = () => i18n.t('attendees:importFile.changed');

interface Upload {
  sent: number;
  total: number | null;
}

function UploadProgress({ upload, fileName, mode }: { upload: Upload; fileName: string; mode: ImportMode }) {
  const { t } = useTranslation('attendees');
  const isSent = upload.total !== null && upload.sent >= upload.total;
  const percent = upload.total ? Math.round((upload.sent / upload.total) * 100) : null;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      {isSent ? (
        // The server checks every row before it writes any: on a large file that takes a while.
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{mode === 'check' ? t('importForm.checking') : t('importForm.importing')}</Text>
        </Group>
      ) : (
        <>
          <Progress
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            aria-label={t('importForm.progress')}
          />
          <Text size="sm">
            {t('importForm.uploading', { file: fileName })}
            {percent === null ? '…' : `… ${percent}%`}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Ticket type, file and the import itself, for one event. */
export function ImportForm({ event }: { event: TEvent }) {
  const { t } = useTranslation('attendees');
  const tickets = useEventTickets(event.id);
  const questions = useFormQuestions(event.id);
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mode, setMode] = useState<ImportMode>('import');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const importAttendees = useImportAttendees((sent, total) => setUpload({ sent, total }));

  if (tickets.isPending || questions.isPending) return <PageLoader label={t('importForm.loading')} />;
  if (tickets.isError)
    return (
      <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} what={t('importForm.ticketsWhat')} />
    );
  if (questions.isError)
    return (
      <QueryError
        error={questions.error}
        onRetry={() => void questions.refetch()}
        what={t('importForm.questionsWhat')}
      />
    );

  const eventPath = `/event/${encodeURIComponent(event.id)}`;
  if (tickets.data.length === 0) {
    return (
      <Text size="sm">
        {t('importForm.noTickets')}{' '}
        <Anchor component={Link} to={`${eventPath}/tickets`}>
          {t('importForm.addTicket')}
        </Anchor>{' '}
        {t('importForm.first')}
      </Text>
    );
  }

  // With a single ticket type there is nothing to choose.
  const onlyTicket = tickets.data.length === 1 ? tickets.data[0] : undefined;
  const chosenTicket = tickets.data.find((ticket) => ticket.id === ticketId) ?? onlyTicket;
  const isBusy = importAttendees.isPending;
  const startOver = () => setSummary(null);

  const submit = async (next: ImportMode) => {
    if (!file || !chosenTicket) return;
    // A file edited on disk after it was chosen can no longer be read (Chrome keeps a snapshot);
    // the upload would then fail like a lost connection, which would send the admin the wrong way.
    try {
      await file.slice(0, 1).arrayBuffer();
    } catch {
      setFile(null);
      setFileError(fileChangedMessage());
      return;
    }
    setMode(next);
    setSummary(null);
    setUpload({ sent: 0, total: file.size });
    try {
      const result = await importAttendees.mutateAsync({
        eventId: event.id,
        ticketId: chosenTicket.id,
        file,
        dryRun: next === 'check',
      });
      setSummary(summariseImport(result, next));
      // Imported: the same file again would add nothing, so clear it for the next one.
      if (next === 'import' && result.errors.length === 0) setFile(null);
    } catch (error) {
      if (isApiError(error) && error.status !== 0) setSummary(summariseRefusal(error, next));
      else
        setSummary({
          tone: 'error',
          title: next === 'check' ? t('importForm.checkUnfinished') : t('importForm.importUnfinished'),
          detail: next === 'check' ? t('importForm.lostCheck') : t('importForm.lostImport'),
          rows: [],
        });
    } finally {
      setUpload(null);
    }
  };

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('table.ticketType')}
        description={t('importForm.ticketHint')}
        maw={480}
        required
        value={chosenTicket?.id ?? ''}
        disabled={isBusy}
        onChange={(change) => {
          setTicketId(change.currentTarget.value || null);
          startOver();
        }}
        data={[
          ...(chosenTicket ? [] : [{ value: '', label: t('importForm.chooseTicket') }]),
          ...tickets.data.map((ticket) => ({
            value: ticket.id,
            label: ticket.isActive ? ticket.name : t('importForm.inactive', { name: ticket.name }),
          })),
        ]}
      />
      <ImportHelp slug={event.slug} questions={questions.data} />
      <ImportFileField
        file={file}
        error={fileError}
        disabled={isBusy}
        onChange={(next) => {
          setFile(next);
          setFileError(null);
          startOver();
        }}
        onError={(message) => {
          setFile(null);
          setFileError(message);
          startOver();
        }}
      />
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => void submit('check')}
          loading={isBusy && mode === 'check'}
          disabled={!file || !chosenTicket || isBusy}
        >
          {t('importForm.check')}
        </Button>
        <Button
          onClick={() => void submit('import')}
          loading={isBusy && mode === 'import'}
          disabled={!file || !chosenTicket || isBusy}
        >
          {t('importForm.import')}
        </Button>
      </Group>
      {upload && file ? <UploadProgress upload={upload} fileName={file.name} mode={mode} /> : null}
      {summary ? <ImportResultView summary={summary} eventId={event.id} /> : null}
      {!chosenTicket && file ? (
        <Alert color="orange" variant="light">
          {t('importForm.chooseHint')}
        </Alert>
      ) : null}
    </Stack>
  );
}
