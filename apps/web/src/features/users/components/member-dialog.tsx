import { generatePassword, ROLE_STAFF, type TAppUser, type TEvent } from '@clubtix/contract';
import { Alert, Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { applyServerErrors, formFailure } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveAppUser } from '../api';
import {
  memberFieldOf,
  memberFormValues,
  memberSaveRequest,
  unshownFieldError,
  ZMemberForm,
  type MemberFormValues,
} from '../member-form-values';
import { GeneratedCredentials } from './generated-credentials';

export interface MemberDialogState {
  opened: boolean;
  /** A new number at each opening: the parent keys the dialog by it, so each opening starts afresh. */
  openedAt: number;
  /** The role of the member being added or edited: 10 admin, 5 door staff. */
  role: number;
  /** Absent: adding one. */
  member: TAppUser | undefined;
}

interface MemberDialogProps {
  state: MemberDialogState;
  clubId: string;
  events: readonly TEvent[];
  onClose: () => void;
}

function dialogTitle({ role, member }: MemberDialogState): string {
  const what = role === ROLE_STAFF ? 'door staff' : 'admin';
  return member ? `Edit ${what}` : `Add ${what}`;
}

/**
 * Adds or edits one member of the club's team. A new member, or an edit that resets the password,
 * gets a password made up in this browser and shown once, in this dialog (docs/product.md section 3).
 */
export function MemberDialog({ state, clubId, events, onClose }: MemberDialogProps) {
  // Kept while the dialog fades out, so it does not flash back to the form on its way.
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  return (
    <FormModal title={shown ? 'Password made' : dialogTitle(state)} opened={state.opened} onClose={onClose}>
      {shown ? (
        <GeneratedCredentials email={shown.email} password={shown.password} onDone={onClose} />
      ) : (
        <MemberForm
          state={state}
          clubId={clubId}
          events={events}
          onCancel={onClose}
          onSaved={(saved) => (saved ? setShown(saved) : onClose())}
        />
      )}
    </FormModal>
  );
}

function MemberForm({
  state,
  clubId,
  events,
  onCancel,
  onSaved,
}: {
  state: MemberDialogState;
  clubId: string;
  events: readonly TEvent[];
  onCancel: () => void;
  onSaved: (shown: { email: string; password: string } | null) => void;
}) {
  const { role, member } = state;
  const isStaff = role === ROLE_STAFF;
  // The dialog says the outcome (the password, or the error on its field): no toast over it.
  const save = useSaveAppUser({ quiet: true });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<MemberFormValues>(ZMemberForm, memberFormValues(member), {
    toRequest: (values) => ({ name: values.name, email: values.email, eventIds: values.eventIds }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    // Made up here so that only this browser ever sees it in clear (docs/product.md section 3).
    const password = !member || values.newPassword ? generatePassword() : undefined;
    const fieldOf = memberFieldOf(values);
    try {
      const saved = await save.mutateAsync(memberSaveRequest({ clubId, role, member, values, password }));
      onSaved(password ? { email: saved.email, password } : null);
    } catch (error) {
      applyServerErrors(form, error, fieldOf);
      setFailure(formFailure(error) ?? unshownFieldError(error, fieldOf));
    }
  });

  const options = events.map((event) => ({ value: event.id, label: event.title }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {member ? null : (
          <Text size="sm" c="dimmed">
            {isStaff
              ? 'Door staff check tickets in, sell at the box office and read the statistics of the events they work; nothing else.'
              : 'An admin manages everything of the club: events, tickets, attendees, money and the team.'}{' '}
            ClubTix makes up their password and shows it once, for you to pass on.
          </Text>
        )}
        <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {isStaff ? (
          <MultiSelect
            label="Events they work"
            description="None chosen: every event of the club, those added later too."
            placeholder={form.values.eventIds.length === 0 ? 'All events' : undefined}
            data={options}
            searchable
            clearable
            nothingFoundMessage="No event by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('eventIds')}
          />
        ) : null}
        {member ? (
          <Checkbox
            label="Make a new password"
            description="Shown once after saving; the old one stops working and their sessions end."
            {...form.getInputProps('newPassword', { type: 'checkbox' })}
          />
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {member ? 'Save' : isStaff ? 'Add door staff' : 'Add admin'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
