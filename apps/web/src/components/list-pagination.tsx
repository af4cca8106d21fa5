import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  pageCount: number;
  page: number;
  onChange: (page: number) => void;
  /** Pages shown either side of the current one: fewer on a phone. */
  siblings?: number;
}

/** Page numbers under a list, named for screen readers; nothing when everything fits on one page. */
export function ListPagination({ pageCount, page, onChange, siblings = 0 }: Props) {
  const { t } = useTranslation('common');
  if (pageCount <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onChange}
        siblings={siblings}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
      />
    </Center>
  );
}
