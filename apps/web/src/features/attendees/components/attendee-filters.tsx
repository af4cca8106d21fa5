import { Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ATTENDEE_SORTS } from '@clubtix/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTENDEE_FILTERS,
  FILTER_KEYS,
  SORT_KEYS,
  type AttendeeFilter,
  type AttendeeListView,
  type AttendeeSort,
} from '../attendee-list';

export const SEARCH_DEBOUNCE_MS = 300;

const isFilter = (value: string): value is AttendeeFilter => (ATTENDEE_FILTERS as readonly string[]).includes(value);
const isSort = (value: string): value is AttendeeSort => (ATTENDEE_SORTS as readonly string[]).includes(value);

/** Search (debounced: one request per pause in typing, not per key), check-in filter and sort. */
export function AttendeeFilters({
  view,
  isSearching,
  onChange,
}: {
  view: AttendeeListView;
  isSearching: boolean;
  onChange: (patch: Partial<Omit<AttendeeListView, 'page'>>) => void;
}) {
  const { t } = useTranslation('attendees');
  const [keyword, setKeyword] = useState(view.search);
  const search = useDebouncedCallback((value: string) => onChange({ search: value }), SEARCH_DEBOUNCE_MS);
  const filterLabelId = useId();

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={t('filters.search')}
        description={t('filters.searchHint')}
        type="search"
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        rightSection={isSearching ? <Loader size="xs" aria-label={t('filters.searching')} /> : null}
        autoComplete="off"
      />
      <Stack gap={4}>
        <Text id={filterLabelId} size="sm" fw={500}>
          {t('filters.state')}
        </Text>
        <SegmentedControl
          aria-labelledby={filterLabelId}
          value={view.filter}
          onChange={(value) => {
            if (isFilter(value)) onChange({ filter: value });
          }}
          data={ATTENDEE_FILTERS.map((value) => ({ value, label: t(FILTER_KEYS[value]) }))}
          fullWidth
        />
      </Stack>
      <NativeSelect
        label={t('filters.sortBy')}
        value={view.sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isSort(value)) onChange({ sort: value });
        }}
        data={ATTENDEE_SORTS.map((value) => ({ value, label: t(SORT_KEYS[value]) }))}
      />
    </SimpleGrid>
  );
}
