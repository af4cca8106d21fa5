import '@mantine/charts/styles.css';

import type { TCheckinStatistics } from '@clubtix/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayBars, formatDay, quarterHourBars } from '../statistics-series';

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const DAY_SERIES = [
  { name: 'registrations', labelKey: 'statistics.registrations', color: 'purple.6' },
  { name: 'checkins', labelKey: 'statistics.checkins', color: 'green.7' },
] as const;

/** The two charts: the chosen day's check-ins by quarter hour, and both counts per day. */
export function StatisticsCharts({ statistics }: { statistics: TCheckinStatistics }) {
  const { t } = useTranslation('checkin');
  const quarters = quarterHourBars(statistics.series.checkinsByQuarterHour, statistics.timezone);
  const days = dayBars(statistics.series);
  return (
    <>
      <ChartCard title={t('statistics.checkinsOn', { day: formatDay(statistics.date) })}>
        {quarters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('statistics.noCheckins')}
          </Text>
        ) : (
          <BarChart
            h={220}
            data={quarters}
            dataKey="time"
            series={[{ name: 'checkins', label: t('statistics.checkins'), color: 'green.7' }]}
            tickLine="y"
            gridAxis="y"
            withTooltip
            tooltipAnimationDuration={0}
            // Recharts animates every refresh; numbers that move every 10 seconds should just move.
            barProps={{ isAnimationActive: false }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            // A name on a plain div is not announced (axe: aria-prohibited-attr); a figure's is.
            role="figure"
            aria-label={t('statistics.perQuarterHour', { day: formatDay(statistics.date) })}
          />
        )}
        <Text size="xs" c="dimmed">
          {t('statistics.timesIn', { zone: statistics.timezone })}
        </Text>
      </ChartCard>
      <ChartCard title={t('statistics.byDay')}>
        {days.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('statistics.noRegistrations')}
          </Text>
        ) : (
          <BarChart
            h={240}
            data={days}
            dataKey="day"
            series={DAY_SERIES.map(({ name, labelKey, color }) => ({ name, label: t(labelKey), color }))}
            withLegend
            // Recharts sorts the legend by name (Check-ins first); keep the order of the bars and tiles.
            legendProps={{ itemSorter: (item) => DAY_SERIES.findIndex((series) => series.name === item.dataKey) }}
            tickLine="y"
            gridAxis="y"
            tooltipAnimationDuration={0}
            barProps={{ isAnimationActive: false }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            role="figure"
            aria-label={t('statistics.perDay')}
          />
        )}
      </ChartCard>
    </>
  );
}
