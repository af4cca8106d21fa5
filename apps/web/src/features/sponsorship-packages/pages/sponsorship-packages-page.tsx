import { formatMoney, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { Button, List, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../events/components/catalogue-editor';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useDeletePackage, useEventPackages, useSavePackage, useUpdatePackageStatus } from '../api';
import { PackageForm } from '../components/package-form';

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

function Packages({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TSponsorshipPackage> }) {
  const packages = useEventPackages(event.id);
  const save = useSavePackage(event.id);
  const updateStatus = useUpdatePackageStatus(event.id);
  const remove = useDeletePackage(event.id);

  return (
    <CatalogueEditor
      items={packages}
      editor={editor}
      noun={{ one: 'sponsorship package', many: 'packages' }}
      empty="No sponsorship packages yet."
      notice={
        !event.sponsorshipsEnabled ? (
          <Text size="sm" c="orange.8">
            Sponsorships are switched off for this event: turn on “Accept sponsorships” in the event to offer these
            packages.
          </Text>
        ) : null
      }
      card={(item) => ({
        name: item.name,
        price: formatMoney(item.amount, event.currency),
        description: item.description,
        details: <PackageDetails item={item} />,
      })}
      toggleActive={(item) => updateStatus.mutateAsync({ packageId: item.id, isActive: !item.isActive })}
      remove={(item) => remove.mutate(item.id)}
      form={(item) => (
        <PackageForm
          key={item?.id ?? 'new'}
          event={event}
          item={item}
          isSaving={save.isPending}
          onCancel={editor.close}
          onSave={async (body) => {
            await save.mutateAsync(body);
            editor.close();
          }}
        />
      )}
    />
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
