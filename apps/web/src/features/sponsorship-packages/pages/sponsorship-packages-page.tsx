import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { Button, List, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../event-admin/catalogue-editor';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useDeletePackage, useEventPackages, useSavePackage, useUpdatePackageStatus } from '../api';
import { PackageForm } from '../components/package-form';

function PackageDetails({ item }: { item: TSponsorshipPackage }) {
  const { t } = useTranslation('sponsorship-packages');
  return (
    <>
      <Text size="sm" data-testid="package-quantity">
        {t('quantity', { quantity: item.quantity === null ? t('unlimited') : item.quantity })}
      </Text>
      {item.benefits.length > 0 ? (
        <List size="sm" spacing={2} aria-label={t('benefitsOf', { name: item.name })}>
          {item.benefits.map((benefit, index) => (
            <List.Item key={index}>{benefit}</List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

function Packages({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TSponsorshipPackage> }) {
  const { t } = useTranslation('sponsorship-packages');
  const packages = useEventPackages(event.id);
  const save = useSavePackage(event.id);
  const updateStatus = useUpdatePackageStatus(event.id);
  const remove = useDeletePackage(event.id);

  return (
    <CatalogueEditor
      items={packages}
      editor={editor}
      noun={{ one: t('noun.one'), many: t('noun.many') }}
      empty={t('empty')}
      notice={
        !event.sponsorshipsEnabled ? (
          <Text size="sm" c="orange.8">
            {t('off')}
          </Text>
        ) : null
      }
      card={(item) => ({
        name: item.name,
        price: formatMoney(item.amount, event.currency, currentLanguage()),
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
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['sponsorship-packages', 'events']);
  const { eventId } = useParams();
  const editor = useEditor<TSponsorshipPackage>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title={t('title')}
      screen="packages"
      actions={() => <Button onClick={editor.openNew}>{t('add')}</Button>}
    >
      {(event) => <Packages event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
