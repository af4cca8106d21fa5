import { formatMoney, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { Button, List, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { FormModal, useEditor } from '../../../components/form-modal';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { CatalogueItemCard } from '../../events/components/catalogue-item-card';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useDeletePackage, useEventPackages, useSavePackage, useUpdatePackageStatus } from '../api';
import { PackageForm } from '../components/package-form';

type Editor = ReturnType<typeof useEditor<TSponsorshipPackage>>;

function PackageDetails({ item }: { item: TSponsorshipPackage }) {
  return (
    <>
      <Text size="sm" data-testid="package-quantity">
        Quantity: {item.quantity === null ? 'Unlimited' : item.quantity}
      </Text>
      {item.benefits.length > 0 ? (
        <List size="sm" spacing={2} aria-label={`Benefits of ${item.name}`}>
          {item.benefits.map((benefit, index) => (
            <List.Item key={index}>{benefit}</List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

function Packages({ event, editor }: { event: TEvent; editor: Editor }) {
  const packages = useEventPackages(event.id);
  const save = useSavePackage(event.id);
  const updateStatus = useUpdatePackageStatus(event.id);
  const remove = useDeletePackage(event.id);

  if (packages.isPending) return <PageLoader label="Loading packages" />;
  if (packages.isError) {
    return <QueryError error={packages.error} onRetry={() => void packages.refetch()} what="the packages" />;
  }

  return (
    <Stack gap="sm">
      {!event.sponsorshipsEnabled ? (
        <Text size="sm" c="orange.8">
          Sponsorships are switched off for this event: turn on “Accept sponsorships” in the event to offer these
          packages.
        </Text>
      ) : null}
      {packages.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No sponsorship packages yet.
        </Text>
      ) : null}
      {packages.data.map((item) => (
        <CatalogueItemCard
          key={item.id}
          name={item.name}
          price={formatMoney(item.amount, event.currency)}
          description={item.description}
          details={<PackageDetails item={item} />}
          isActive={item.isActive}
          isBusy={updateStatus.isPending && updateStatus.variables.packageId === item.id}
          onEdit={() => editor.openEdit(item)}
          onToggleActive={() => updateStatus.mutate({ packageId: item.id, isActive: !item.isActive })}
          onDelete={() =>
            confirmDelete({ what: 'sponsorship package', name: item.name, onConfirm: () => remove.mutate(item.id) })
          }
        />
      ))}
      <FormModal
        title={editor.item ? 'Edit sponsorship package' : 'Add sponsorship package'}
        opened={editor.opened}
        onClose={editor.close}
      >
        <PackageForm
          key={editor.item?.id ?? 'new'}
          event={event}
          item={editor.item}
          isSaving={save.isPending}
          onCancel={editor.close}
          onSave={async (body) => {
            await save.mutateAsync(body);
            editor.close();
          }}
        />
      </FormModal>
    </Stack>
  );
}

/** /event/{eventId}/sponsorship-packages: what sponsors can buy, active or not. */
export default function SponsorshipPackagesPage() {
  const { eventId } = useParams();
  const editor = useEditor<TSponsorshipPackage>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title="Sponsorship packages"
      screen="packages"
      actions={() => <Button onClick={editor.openNew}>Add package</Button>}
    >
      {(event) => <Packages event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
