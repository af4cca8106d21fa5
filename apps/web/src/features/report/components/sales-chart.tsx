import '@mantine/charts/styles.css';

import { formatMoney, type TCurrency, type TEventSales } from '@clubtix/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { salesDayBars } from '../sales-figures';

/** Money taken per day, in the event's time zone; tickets sold shown beside it in the tooltip. */
export function SalesChart({ sales }: { sales: TEventSales }) {
  const { t } = useTranslation('report');
  const headingId = useId();
  const currency = sales.currency as TCurrency;
  const bars = salesDayBars(sales.byDay);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('chart.title')}
        </Title>
        {bars.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chart.nothingSold')}
          </Text>
        ) : (
          <BarChart
            h={240}
            data={bars}
            dataKey="day"
            series={[{ name: 'gross', label: t('chart.taken'), color: 'purple.6' }]}
            tickLine="y"
            gridAxis="y"
            withTooltip
            tooltipAnimationDuration={0}
            valueFormatter={(value) => formatMoney(Math.round(value * 100), currency, currentLanguage())}
            maxBarWidth={48}
            barProps={{ isAnimationActive: false }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 56 }}
            role="figure"
            aria-label={t('chart.label')}
          />
        )}
        <Text size="xs" c="dimmed">
          {t('chart.days', { timezone: sales.timezone })}
        </Text>
      </Stack>
    </Paper>
  );
}
