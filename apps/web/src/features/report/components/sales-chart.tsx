import '@mantine/charts/styles.css';

import { formatMoney, type TCurrency, type TEventSales } from '@clubtix/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { salesDayBars } from '../sales-figures';

/** Money taken per day, in the event's time zone; tickets sold shown beside it in the tooltip. */
export function SalesChart({ sales }: { sales: TEventSales }) {
  const headingId = useId();
  const currency = sales.currency as TCurrency;
  const bars = salesDayBars(sales.byDay);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          Sales over time
        </Title>
        {bars.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing sold yet.
          </Text>
        ) : (
          <BarChart
            h={240}
            data={bars}
            dataKey="day"
            series={[{ name: 'gross', label: 'Taken', color: 'purple.6' }]}
            tickLine="y"
            gridAxis="y"
            withTooltip
            tooltipAnimationDuration={0}
            valueFormatter={(value) => formatMoney(Math.round(value * 100), currency)}
            maxBarWidth={48}
            barProps={{ isAnimationActive: false }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 56 }}
            role="figure"
            aria-label="Money taken per day"
          />
        )}
        <Text size="xs" c="dimmed">
          Days in {sales.timezone}, by the day each payment was made.
        </Text>
      </Stack>
    </Paper>
  );
}
