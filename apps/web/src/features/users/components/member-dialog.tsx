import { generatePassword, ROLE_STAFF, type TAppUser, type TEvent } from '@clubtix/contract';
import { Alert, Button, Checkbox, Group, MultiSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { INVITATION_TTL_HOURS } from '@clubtix/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { FormModal } from '../../../components/form-modal';
import { applyServerErrors, formFailure } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveAppUser } from '../api';
import {
  memberFieldOf,
  memberFormValues,
  memberSaveRequest,
  memberScopeErrors,
  memberScopeRequest,
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
  const key = role === ROLE_STAFF ? 'Staff' : 'Admin';
  return member ? i18n.t(`users:dialog.edit${key}`) : i18n.t(`users:dialog.add${key}`);
}

/** What the dialog shows once saved: the invitation mailed to a new member, or a new password made here. */
type Outcome = { email: string; password: string } | { email: string; invited: true };

/**
 * Adds or edits one member of the club's team. A new member is mailed an invitation to choose their
 * own password (docs/decisions/0068-password-reset-and-invitations.md); an edit that resets the
 * password gets one made up in this browser and shown once, in this dialog (docs/product.md section 3).
 */
export function MemberDialog({ state, clubId, events, onClose }: MemberDialogProps) {
  // Kept while the dialog fades out, so it does not flash back to the form on its way.
  const { t } = useTranslation('users');
  const [shown, setShown] = useState<Outcome | null>(null);
  const title = !shown
    ? dialogTitle(state)
    : 'invited' in shown
      ? t('dialog.invitationSent')
      : t('dialog.passwordMade');
  return (
    <FormModal title={title} opened={state.opened} onClose={onClose}>
      {shown && 'invited' in shown ? (
        <Stack gap="md" data-testid="invitation-sent">
          <Text>{t('dialog.invitationSentText', { email: shown.email, days: INVITATION_TTL_HOURS / 24 })}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('credentials.done')}</Button>
          </Group>
        </Stack>
      ) : shown ? (
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
  onSaved: (shown: Outcome | null) => void;
}) {
  const { t } = useTranslation('users');
  const { role, member } = state;
  const isStaff = role === ROLE_STAFF;
  // The dialog says the outcome (the password, or the error on its field): no toast over it.
  const save = useSaveAppUser({ quiet: true });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<MemberFormValues>(ZMemberForm, memberFormValues(member), {
    toRequest: (values) => ({
      name: values.name,
      email: values.email,
      ...(isStaff ? memberScopeRequest(values) : {}),
    }),
    check: (values) => memberScopeErrors(isStaff, values, t('dialog.chooseEvents')),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    // A reset password is made up here so that only this browser ever sees it in clear (docs/product.md
    // section 3); a new member sends none and is invited by mail.
    const password = member && values.newPassword ? generatePassword() : undefined;
    const fieldOf = memberFieldOf(values);
    try {
      const saved = await save.mutateAsync(memberSaveRequest({ clubId, role, member, values, password }));
      onSaved(password ? { email: saved.email, password } : member ? null : { email: saved.email, invited: true });
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
            {isStaff ? t('dialog.staffIntro') : t('dialog.adminIntro')} {t('dialog.passwordIntro')}
          </Text>
        )}
        <TextInput label={t('dialog.name')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={t('email')}
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {isStaff ? (
          <Radio.Group label={t('dialog.events')} {...form.getInputProps('scope')}>
            <Stack gap="xs" mt={6}>
              <Radio value="all" label={t('allEvents')} description={t('dialog.allEventsHint')} />
              <Radio value="chosen" label={t('dialog.chosenEvents')} description={t('dialog.chosenEventsHint')} />
            </Stack>
          </Radio.Group>
        ) : null}
        {isStaff && form.values.scope === 'chosen' ? (
          <MultiSelect
            label={t('dialog.pick')}
            description={t('dialog.pickHint')}
            data={options}
            searchable
            clearable
            nothingFoundMessage={t('dialog.noEvent')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('eventIds')}
          />
        ) : null}
        {member ? (
          <Checkbox
            label={t('dialog.newPassword')}
            description={t('dialog.newPasswordHint')}
            {...form.getInputProps('newPassword', { type: 'checkbox' })}
          />
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" title={t('dialog.notSaved')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {member ? t('dialog.save') : isStaff ? t('addStaff') : t('addAdmin')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
