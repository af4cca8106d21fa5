import { Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ATTENDEE_SORTS } from '@clubtix/contract';
import { useId, useState } from 'react';
import {
  ATTENDEE_FILTERS,
  FILTER_LABELS,
  SORT_LABELS,
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
  const [keyword, setKeyword] = useState(view.search);
  const search = useDebouncedCallback((value: string) => onChange({ search: value }), SEARCH_DEBOUNCE_MS);
  const filterLabelId = useId();

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Search attendees"
        description="Name, e-mail or registration id"
        type="search"
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        rightSection={isSearching ? <Loader size="xs" aria-label="Searching" /> : null}
        autoComplete="off"
      />
      <Stack gap={4}>
        <Text id={filterLabelId} size="sm" fw={500}>
          Check-in state
        </Text>
        <SegmentedControl
          aria-labelledby={filterLabelId}
          value={view.filter}
          onChange={(value) => {
            if (isFilter(value)) onChange({ filter: value });
          }}
          data={ATTENDEE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          fullWidth
        />
      </Stack>
      <NativeSelect
        label="Sort by"
        value={view.sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isSort(value)) onChange({ sort: value });
        }}
        data={ATTENDEE_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
      />
    </SimpleGrid>
  );
}
